/**
 * Benchmark 1, type generation: the CLI end to end on ~2 MB and ~20 MB of generated records served on
 * 127.0.0.1, against the floor (fetch + JSON.parse), quicktype-core and json-to-ts. Every tool is its own
 * process, timed from spawn to exit, peak RSS by GNU time. Targets (20 MB): wall <= 1.2x, RSS <= 1.3x floor.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH, CLI, DATA_SERVER, log, NODE, targetLine } from './lib/context.mjs';
import { interleave } from './lib/interleave.mjs';
import { startServer, timedRun } from './lib/processes.mjs';
import { fmt, median, ratio, table } from './lib/stats.mjs';

const SIZES = [
  { name: 'records-2mb', bytes: 2_000_000, rounds: 10, warmup: 1, label: '~2 MB' },
  { name: 'records-20mb', bytes: 20_000_000, rounds: 5, warmup: 1, label: '~20 MB' },
];
// json-to-ts is quadratic: at 20 MB one run, cut off here.
const SLOW_TOOL_TIMEOUT_MS = 60_000;

export async function run({ quick }) {
  const server = await startServer(
    DATA_SERVER,
    SIZES.map((s) => `${s.name}=${s.bytes}`),
  );
  const work = mkdtempSync(join(tmpdir(), 'typefetch-bench-typegen-'));
  const sections = [];
  const targets = [];
  try {
    for (const size of SIZES) {
      const file = server.files[size.name];
      const url = `http://127.0.0.1:${server.port}/${size.name}.json`;
      const big = size.bytes >= 10_000_000;
      const variants = [
        { name: 'floor: fetch + JSON.parse', run: () => timedRun(NODE, [`${BENCH}workers/floor.mjs`, url]) },
        {
          name: 'typefetch CLI',
          run: async () => {
            const result = await timedRun(NODE, [CLI, '--type', '--out', 'types', url], { cwd: work });
            // Measured output must be real output: the type of the records.
            const text = readFileSync(join(work, 'types', `${size.name}.ts`), 'utf8');
            if (!text.includes('export type Records') || !text.includes('  orders: {')) {
              throw new Error(`unexpected CLI output:\n${text.slice(0, 400)}`);
            }
            return result;
          },
        },
        {
          name: 'quicktype-core',
          run: () => timedRun(NODE, [`${BENCH}workers/quicktype.mjs`, url, join(work, 'qt.ts')]),
          ...(quick && big ? { maxRuns: 1 } : {}),
        },
        {
          name: 'json-to-ts',
          run: () =>
            timedRun(NODE, [`${BENCH}workers/json-to-ts.mjs`, url, join(work, 'j2t.ts')], {
              timeoutMs: SLOW_TOOL_TIMEOUT_MS,
            }),
          ...(big ? { maxRuns: 1 } : {}),
        },
      ];
      const rounds = quick ? Math.min(3, size.rounds) : size.rounds;
      log(`type generation, ${size.label}: ${rounds} interleaved rounds of ${variants.length} tools`);
      const { samples, failed } = await interleave(
        variants.map((v) => ({ ...v, run: async (round) => pick(await v.run(round)) })),
        rounds,
        { warmup: size.warmup, onRound: (r) => r >= 0 && log(`  round ${r + 1}/${rounds} done`) },
      );
      const floor = samples.get(variants[0].name);
      const floorMs = median(floor.ms);
      const floorRss = median(floor.rssMb);
      const rows = variants.map(({ name }) => {
        const error = failed.get(name);
        const s = samples.get(name);
        if (error !== undefined && s.ms === undefined) {
          const why = error.timedOut
            ? `> ${SLOW_TOOL_TIMEOUT_MS / 1000} s (cut off)`
            : `failed: ${error.message}`;
          return [name, why, '', '', '', '0'];
        }
        return [
          name,
          fmt(median(s.ms)),
          ratio(median(s.ms), floorMs),
          fmt(median(s.rssMb), 1),
          ratio(median(s.rssMb), floorRss),
          String(s.ms.length),
        ];
      });
      sections.push(
        `#### ${size.label}: ${fmt(file.bytes)} bytes, ${fmt(file.records)} records (sha256 ${file.sha256}…)\n\n` +
          table(['tool', 'wall ms (median)', 'x floor', 'peak RSS MB (median)', 'x floor', 'runs'], rows),
      );
      if (big) {
        const cli = samples.get('typefetch CLI');
        const wall = median(cli.ms) / floorMs;
        const rss = median(cli.rssMb) / floorRss;
        targets.push(
          {
            ok: wall <= 1.2,
            label: `CLI wall time on ${size.label}`,
            measured: `${wall.toFixed(2)}x floor`,
            target: '<= 1.2x',
          },
          {
            ok: rss <= 1.3,
            label: `CLI peak RSS on ${size.label}`,
            measured: `${rss.toFixed(2)}x floor`,
            target: '<= 1.3x',
          },
        );
      }
    }
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return {
    title: '1. Type generation (CLI end to end)',
    markdown: `${sections.join('\n\n')}\n\n${targets.map(targetLine).join('\n')}`,
    targets,
  };
}

const pick = ({ ms, rssMb }) => ({ ms, rssMb });
