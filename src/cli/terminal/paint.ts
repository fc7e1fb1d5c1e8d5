import path from 'node:path';

/** The line between the heading and the file content, and after it. */
export const SEPARATOR = '─'.repeat(50);

/** Anything with a `write(text)`: process.stdout, or a collector in tests. */
export interface Writer {
  write(text: string): unknown;
}

/** Wraps whole lines in ANSI colours, or leaves them alone. */
export interface Painter {
  success(text: string): string;
  error(text: string): string;
  warning(text: string): string;
  dim(text: string): string;
}

/**
 * Whether to colour a stream, by the common conventions (https://no-color.org, https://force-color.org):
 * `FORCE_COLOR` (anything but `0`/`false`) turns colours on, `FORCE_COLOR=0` off; otherwise a non-empty
 * `NO_COLOR` turns them off; otherwise only a terminal gets them.
 */
export function wantsColor(isTTY: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return isTTY;
}

const paint = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

const COLORS: Painter = {
  success: paint(32, 39),
  error: paint(31, 39),
  warning: paint(33, 39),
  dim: paint(2, 22),
};

const PLAIN: Painter = { success: same, error: same, warning: same, dim: same };

export function painter(enabled: boolean): Painter {
  return enabled ? COLORS : PLAIN;
}

/** The painters of a run's two streams, each by {@link wantsColor}. */
export function paintersFor(io: {
  readonly isTTY: { readonly stdout: boolean; readonly stderr: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
}): { out: Painter; err: Painter } {
  return {
    out: painter(wantsColor(io.isTTY.stdout, io.env)),
    err: painter(wantsColor(io.isTTY.stderr, io.env)),
  };
}

function same(text: string): string {
  return text;
}

/** A path as shown to the user: relative to the working folder when inside it, else absolute. */
export function displayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' ||
    relative === '..' ||
    relative.startsWith(`..${path.sep}`) ||
    path.isAbsolute(relative)
    ? file
    : relative;
}
