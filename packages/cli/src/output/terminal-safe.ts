// C0 and C1 control characters except tab and newline: ESC sequences could move the cursor, recolour or
// rewrite what the user sees (a server could fake a prompt or hide a URL), so they never reach the terminal.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Server-provided text made safe to show on a terminal: control characters removed, tabs and newlines kept. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, '');
}
