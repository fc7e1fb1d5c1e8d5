// Text that came from outside (a response body, a sample file) quoted in an error line: its control
// characters are written as escapes, so the line stays one line and no escape sequence reaches the
// terminal (docs/cli.md, "Errors and what to do").

// C0 controls but tab, DEL and the C1 controls (`\u009b` starts an escape sequence on some terminals).
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/** `text` with line breaks written `\n` and `\r`, and every other control character but tab `\u001b`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (char) =>
    char === '\n' ? '\\n' : char === '\r' ? '\\r' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
