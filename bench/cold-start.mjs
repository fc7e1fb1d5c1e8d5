/**
 * Benchmark 4, CLI cold start: the whole `typefetch --type` process on a small JSON endpoint, against a
 * bare node script that fetches, parses and writes a file. Target: at most 1.3x.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH, CLI, DATA_SERVER, log, NODE, targetLine } from './lib/context.mjs';
import { interleave } from './lib/interleave.mjs';
import { startServer, timedRun } from './lib/processes.mjs';
import { fmt, median, ratio, table } from './lib/stats.mjs';

export async function run({ quick }) {
  const server = await startServer(DATA_SERVER);
  const work = mkdtempSync(join(tmpdir(), 'typefetch-bench-cold-'));
  const url = `http://127.0.0.1:${server.port}/small.json`;
  const rounds = quick ? 5 : 20;
  let result;
  try {
    const variants = [
      { name: 'node -e "" (start-up only, reference)', run: () => timedRun(NODE, ['-e', '']) },
      {
        name: 'floor: fetch + JSON.parse + write',
        run: () => timedRun(NODE, [`${BENCH}workers/floor.mjs`, url, '--write', join(work, 'floor.ts')]),
      },
      {
        name: 'typefetch CLI',
        run: () => timedRun(NODE, [CLI, '--type', '--out', 'types', url], { cwd: work }),
      },
    ];
    log(`CLI cold start: ${rounds} interleaved rounds`);
    const { samples, failed } = await interleave(variants, rounds, { warmup: 2 });
    for (const [name, error] of failed) throw new Error(`${name} failed: ${error.message}`);
    const ms = (name) => median(samples.get(name).ms);
    const floorMs = ms(variants[1].name);
    const rows = variants.map(({ name }) => [
      name,
      fmt(ms(name), 1),
      ratio(ms(name), floorMs),
      fmt(median(samples.get(name).rssMb), 1),
      String(samples.get(name).ms.length),
    ]);
    const cli = ms('typefetch CLI') / floorMs;
    const targets = [
      {
        ok: cli <= 1.3,
        label: 'CLI whole-process time',
        measured: `${cli.toFixed(2)}x floor`,
        target: '<= 1.3x',
      },
    ];
    result = {
      title: '4. CLI cold start (small JSON endpoint)',
      markdown: `${table(['process', 'wall ms (median)', 'x floor', 'peak RSS MB', 'runs'], rows)}\n\n${targets.map(targetLine).join('\n')}`,
      targets,
    };
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}
