import type { Writer } from './terminal/paint.js';

/** Everything the CLI touches, passed in so tests can drive it in memory. */
export interface CliIO {
  readonly stdout: Writer;
  readonly stderr: Writer;
  /** Folder the output path is resolved against. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetch: typeof fetch;
  /** Clock for the `Generated at` line. */
  readonly now: () => Date;
  readonly isTTY: { readonly stdout: boolean; readonly stderr: boolean };
  /** The whole of stdin as text, for the `-` source. */
  readonly readStdin: () => Promise<string>;
  /** Size of the terminal on stdout, for the progress display of config runs. */
  readonly terminalSize: () => { readonly columns: number; readonly rows: number };
  /**
   * A signal that aborts when the user asks to stop (Ctrl+C, SIGTERM) or stdout is closed (`| head -1`).
   * Asked for only by `--watch`, so that other runs keep the default behaviour of the signal.
   */
  readonly stopSignal: () => AbortSignal;
  /** Waits `ms`, or less when `signal` aborts; never rejects. */
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Exit statuses (docs/cli.md, "Exit status"). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** Which run of a command this is: the only one, the first under --watch, or a later one under --watch. */
export type Cycle = 'once' | 'first' | 'again';

/**
 * A command (generate, config): its resolved options, the I/O and which run this is in; prints what
 * happened and returns the exit status. `--watch` runs a command again and again (commands/watch.ts).
 */
export type Command<Options> = (options: Options, io: CliIO, cycle: Cycle) => Promise<number>;
