// The progress display of a config run on a terminal: one line per endpoint, redrawn in place as each
// one moves on (waiting -> fetching -> done or failed). Off a terminal nothing is redrawn; the runner
// prints a plain line per finished endpoint instead.
import type { Writer } from './paint.js';

export interface ProgressLine {
  readonly symbol: string;
  readonly text: string;
  /** Applied to the whole line (colours), after it was cut to the terminal's width. */
  readonly paint?: ((text: string) => string) | undefined;
}

export interface Progress {
  update(index: number, line: ProgressLine): void;
}

// Cursor up n lines to column 1; erase the line.
const up = (n: number) => `\u001b[${n}F`;
const ERASE_LINE = '\u001b[2K';

/**
 * Draws one line per label now, and redraws them all on each update. Lines are cut to the terminal's
 * width, since a wrapped line would throw the cursor arithmetic off.
 */
export function terminalProgress(
  out: Writer,
  labels: readonly string[],
  columns: number,
  initial: ProgressLine,
): Progress {
  const width = Math.max(...labels.map((label) => label.length));
  const lines = labels.map(() => initial);
  const render = (line: ProgressLine, index: number) => {
    const text = fitToWidth(`${line.symbol} ${labels[index]!.padEnd(width)}  ${line.text}`, columns - 1);
    return `${ERASE_LINE}${line.paint ? line.paint(text) : text}\n`;
  };
  out.write(lines.map(render).join(''));
  return {
    update(index, line) {
      lines[index] = line;
      out.write(up(lines.length) + lines.map(render).join(''));
    },
  };
}

/** Whether a block of `count` lines can be redrawn: it must fit on the screen, or the top scrolls away. */
export function fitsOnScreen(count: number, rows: number): boolean {
  return count < rows;
}

// Emoji and other wide symbols take two columns; counting every code point above U+2000 as two is
// close enough for the symbols used here, and errs on the short side.
function fitToWidth(text: string, columns: number): string {
  let used = 0;
  let result = '';
  for (const char of text) {
    const cost = char.codePointAt(0)! > 0x2000 && char.codePointAt(0)! !== 0x2026 ? 2 : 1;
    if (used + cost > columns - 1) return `${result}…`;
    used += cost;
    result += char;
  }
  return result;
}
