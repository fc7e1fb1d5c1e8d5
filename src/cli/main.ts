// The `typefetch` binary: maps the process onto run() and sets the exit status. All logic is in run.ts.
import { setTimeout as delay } from 'node:timers/promises';
import { decodeSampleBytes } from './job/samples-text.js';
import { EXIT, run } from './run.js';

// Ends a watch cleanly (docs/cli.md, "--watch"): the first Ctrl+C or SIGTERM, or a closed stdout. A
// second signal, of either kind, has its default effect (ends the process at once): both listeners go
// at the first stop. The listeners are added only when a watch asks for the signal, so a single run
// keeps Ctrl+C's default effect.
const stop = new AbortController();
let listening = false;
const onStop = (): void => {
  process.off('SIGINT', onStop);
  process.off('SIGTERM', onStop);
  stop.abort();
};

// A closed pipe (`typefetch ... | head -1`) is not worth a stack trace; a closed stdout ends a watch,
// as Ctrl+C does, since nobody reads what it prints. An output that cannot be written (stdout
// redirected to a full disk): one line on stderr, and the run stops with exit 1.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      if (stream === process.stdout) onStop();
      return;
    }
    if (stream === process.stdout)
      process.stderr.write(`❌ Error: stdout cannot be written: ${error.message}\n`);
    process.exit(EXIT.failure);
  });
}

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
  fetch: globalThis.fetch,
  now: () => new Date(),
  isTTY: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return decodeSampleBytes(Buffer.concat(chunks));
  },
  // A pseudo-terminal without a size reports 0.
  terminalSize: () => ({ columns: process.stdout.columns || 80, rows: process.stdout.rows || 24 }),
  stopSignal: () => {
    if (!listening && !stop.signal.aborted) {
      listening = true;
      process.on('SIGINT', onStop);
      process.on('SIGTERM', onStop);
    }
    return stop.signal;
  },
  sleep: (ms, signal) => delay(ms, undefined, { signal }).catch(() => {}),
});
