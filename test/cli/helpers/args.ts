import { expect } from 'vitest';
import { parseCliArgs } from '../../../src/cli/args/parse.js';
import { UsageError } from '../../../src/cli/errors.js';

/** The options of a `generate` command; fails the test if argv parses to another command. */
export function generate(argv: string[]) {
  const parsed = parseCliArgs(argv);
  if (parsed.command !== 'generate') throw new Error(`expected generate, got ${parsed.command}`);
  return parsed.options;
}

/** The message of the UsageError that `run` throws (by default, parsing `argv`); fails the test otherwise. */
export function usageError(argv: string[] | (() => unknown)): string {
  try {
    if (typeof argv === 'function') argv();
    else parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}
