import type { Logger } from '../types.js';

/** Levels of createLogger, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  /** Prefix of every line. @default 'typefetch' */
  namespace?: string | undefined;
  /** Lines below this level are dropped. @default 'info' */
  level?: LogLevel | undefined;
  /** Where a finished line goes. @default console.error (stderr in Node) */
  write?: ((line: string) => void) | undefined;
}

/** A small leveled logger; lines go to stderr, prefixed with the namespace. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  void options;
  throw new Error('not implemented yet');
}
