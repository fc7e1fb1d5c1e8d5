import { parseCliArgs } from './args.js';
import { runConfig } from './config/run-config.js';
import { UsageError } from './errors.js';
import { HELP, VERSION } from './help.js';
import { type CliIO, EXIT } from './io.js';
import { painter, wantsColor } from './output.js';
import { runSingle } from './single.js';
import { watch } from './watch.js';

export { fileHeader } from './file-header.js';
export type { CliIO } from './io.js';
export { EXIT } from './io.js';

/** Runs the CLI on `argv` (without node and the script) and returns the exit status. Failures are printed, not thrown. */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return usageError(error, io);
  }
  if (parsed.command === 'help') {
    io.stdout.write(HELP);
    return EXIT.ok;
  }
  if (parsed.command === 'version') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const { options } = parsed;
  const once =
    parsed.command === 'config'
      ? (cycle: Parameters<typeof runConfig>[2]) => runConfig(parsed.options, io, cycle)
      : (cycle: Parameters<typeof runSingle>[2]) => runSingle(parsed.options, io, cycle);
  return options.watch === undefined ? once('once') : watch(once, options.watch, io);
}

/** `❌ Error: <reason>` and the hint to --help, exit 2. */
export function usageError(error: UsageError, io: CliIO): number {
  const err = painter(wantsColor(io.isTTY.stderr, io.env));
  io.stderr.write(`${err.error(`❌ Error: ${error.message}`)}\nRun typefetch --help for usage.\n`);
  return EXIT.usage;
}
