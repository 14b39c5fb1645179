import type { Client as SdkClient, LoggingLevel } from '@modelcontextprotocol/client';
import { isAtLeast, type LogCallback } from './log-options';

/** Hands the server's `notifications/message` at or above `threshold` to `onLog`; nothing without both. */
export function forwardLogs(sdk: SdkClient, onLog: LogCallback | undefined, threshold: LoggingLevel | undefined): void {
  if (onLog === undefined || threshold === undefined) return;
  sdk.setNotificationHandler('notifications/message', (notification) => {
    if (isAtLeast(notification.params.level, threshold)) onLog(notification.params);
  });
}
