/** Child processes for the benchmarks: a server to start and stop, and timed runs with peak RSS. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts `node <script> ...args` and resolves with the JSON object of its first stdout line, plus
 * `stop()`. The child exits when its stdin closes, so it never outlives the bench.
 */
export function startServer(script, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline === -1) return;
      child.stdout.off('data', onData);
      const info = JSON.parse(out.slice(0, newline));
      resolve({
        ...info,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.stdin.end();
          }),
      });
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

const TIME = '/usr/bin/time';
export const HAS_GNU_TIME = existsSync(TIME);
let runCounter = 0;

/**
 * Runs a command to completion and measures it from outside: wall time (ms, from spawn to exit) and
 * peak RSS (MB, GNU time's `%M`, the kernel's maxrss of the process). Rejects when it exits non-zero.
 * `stdout` is collected only when `captureStdout` is set (else discarded). With `timeoutMs`, the process
 * is killed after that long and the promise rejects with an error whose `timedOut` is true.
 */
export function timedRun(command, args, { cwd, env, captureStdout = false, timeoutMs } = {}) {
  const rssFile = join(tmpdir(), `typefetch-bench-rss-${process.pid}-${runCounter++}`);
  const [file, argv] = HAS_GNU_TIME ? [TIME, ['-f', '%M', '-o', rssFile, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(file, argv, {
      cwd,
      env: env ?? process.env,
      stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (c) => {
      stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c) => {
      stderr += c;
    });
    child.once('error', reject);
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            // GNU time forwards the signal to the measured process.
            child.kill('SIGKILL');
          }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (timedOut) {
        rmSync(rssFile, { force: true });
        reject(Object.assign(new Error(`timed out after ${timeoutMs} ms`), { timedOut: true }));
        return;
      }
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      let rssMb = Number.NaN;
      if (HAS_GNU_TIME && existsSync(rssFile)) {
        // GNU time may prefix "Command exited with non-zero status N" before the number.
        const lines = readFileSync(rssFile, 'utf8').trim().split('\n');
        rssMb = Number(lines.at(-1)) / 1024;
        rmSync(rssFile, { force: true });
      }
      if (code !== 0) {
        reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim().slice(0, 500)}`));
        return;
      }
      resolve({ ms, rssMb, stdout, stderr });
    });
  });
}
