import type { ResolvedWatch } from '../args/parse.js';
import { type CliIO, type Cycle, EXIT } from '../io.js';

/**
 * `--watch`: runs the command, then again every `intervalMs` until the user stops it (Ctrl+C), each run
 * rewriting only files whose types changed. A usage error in the first run (a missing file) ends it
 * before it watches; a later run that fails, even on a usage error (a sample file an editor deleted
 * and has not written again yet), is reported and the watch goes on. Stopping is a success (exit 0).
 */
export async function watch(
  runCycle: (cycle: Cycle) => Promise<number>,
  options: ResolvedWatch,
  io: CliIO,
): Promise<number> {
  // Listening from the start: a Ctrl+C during the first run ends the watch once that run is done.
  const signal = io.stopSignal();
  const first = await runCycle('first');
  if (first === EXIT.usage) return first;
  if (signal.aborted) {
    io.stdout.write('👋 Stopped watching.\n');
    return EXIT.ok;
  }
  io.stdout.write(
    `👀 Watching: running again every ${formatInterval(options.intervalMs)}, rewriting only what changed. Press Ctrl+C to stop.\n`,
  );
  while (!signal.aborted) {
    await io.sleep(options.intervalMs, signal);
    if (signal.aborted) break;
    await runCycle('again');
  }
  io.stdout.write('👋 Stopped watching.\n');
  return EXIT.ok;
}

function formatInterval(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
