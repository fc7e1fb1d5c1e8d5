// The CLI as a function: argv and I/O in, exit status out. Parses the command line, then hands over to
// the command: generate (one file), config (many endpoints), each optionally under watch, or har (a HAR
// file's endpoints).
import { parseCliArgs } from './args/parse.js';
import { runConfig } from './commands/config/run.js';
import { runGenerate } from './commands/generate.js';
import { runHarCommand } from './commands/har.js';
import { watch } from './commands/watch.js';
import { UsageError } from './errors.js';
import { HELP, VERSION } from './help.js';
import { type CliIO, type Cycle, EXIT } from './io.js';
import { usageText } from './terminal/failure.js';
import { paintersFor } from './terminal/paint.js';

export type { CliIO } from './io.js';
export { EXIT } from './io.js';

/** Runs the CLI on `argv` (without node and the script) and returns the exit status. Failures are printed, not thrown. */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(usageText(error.message, paintersFor(io).err));
    return EXIT.usage;
  }
  if (parsed.command === 'help') {
    io.stdout.write(HELP);
    return EXIT.ok;
  }
  if (parsed.command === 'version') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  if (parsed.command === 'har') return runHarCommand(parsed.options, io, 'once');
  const once =
    parsed.command === 'config'
      ? (cycle: Cycle) => runConfig(parsed.options, io, cycle)
      : (cycle: Cycle) => runGenerate(parsed.options, io, cycle);
  const { watch: watching } = parsed.options;
  return watching === undefined ? once('once') : watch(once, watching, io);
}
