import type { LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import { terminalSafe } from './terminal-safe';

/** One server log message as a stderr line: `[server warning] text`, with the logger's name when it has one. */
export function formatLog(message: LoggingMessageNotificationParams): string {
  const source = message.logger ? `server ${message.level} ${message.logger}` : `server ${message.level}`;
  const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
  return terminalSafe(`[${source}] ${data}`);
}
