// The `typefetch` binary: maps the process onto run() and sets the exit status. All logic is in run.ts.
import { run } from './run.js';

// A closed pipe (`typefetch ... | head -1`) is not worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
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
});
