/**
 * Benchmark: type generation on dictionary-heavy real documents, read from a file. ~20 MB: MDN's
 * browser-compat-data (`@mdn/browser-compat-data/data.json`, a devDependency); ~100 MB: five copies of it
 * under different keys, written to a temporary file. Each tool is its own process, interleaved, timed
 * from spawn to exit, peak RSS by GNU time, with Node's default heap: the floor (read + JSON.parse) and
 * typefetch's generateTypes (named) on each Node of bench/lib/nodes.mjs (each judged against the floor
 * of its own Node), and quicktype-core on the runner's Node. Targets (20 MB): output <= 1 MB, wall <= 1.5x
 * and peak RSS <= 1.5x the floor; (100 MB): typefetch finishes. `--skip=quicktype,100mb` (bench/run.mjs)
 * leaves quicktype and/or the 100 MB document out.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH, log, NODE, ROOT, targetLine } from './lib/context.mjs';
import { interleave } from './lib/interleave.mjs';
import { benchNodes } from './lib/nodes.mjs';
import { timedRun } from './lib/processes.mjs';
import { fmt, median, ratio, table } from './lib/stats.mjs';

const WORKER = `${BENCH}workers/typegen-dictionaries.mjs`;
// quicktype needs tens of seconds on 20 MB; on 100 MB it is cut off here.
const QUICKTYPE_TIMEOUT_MS = 180_000;
const COPIES = 5;

export async function run({ quick, skip = new Set() }) {
  const bcd = createRequire(`${ROOT}package.json`)
    .resolve('@mdn/browser-compat-data')
    .replace(/[^/\\]+$/, 'data.json');
  const work = mkdtempSync(join(tmpdir(), 'typefetch-bench-dictionaries-'));
  const big = join(work, 'bcd-x5.json');
  if (!skip.has('100mb')) {
    const text = readFileSync(bcd, 'utf8');
    writeFileSync(big, `{${Array.from({ length: COPIES }, (_, i) => `"copy${i + 1}":${text}`).join(',')}}`);
  }
  const inputs = [
    { name: '~20 MB', file: bcd, rounds: 5, label: 'browser-compat-data' },
    {
      name: '~100 MB',
      file: big,
      rounds: 2,
      label: `${COPIES} copies of browser-compat-data under different keys`,
    },
  ].filter((input) => !(input.name === '~100 MB' && skip.has('100mb')));
  const onNodes = benchNodes();
  const runner = process.version.slice(1);
  const sections = [];
  const targets = [];
  try {
    for (const input of inputs) {
      const outputs = {};
      const tool = (name, label, node, limitSeconds) => ({
        name: label,
        run: async () => {
          const out = join(work, `${name}-${node.name.replace(/\W+/g, '')}.out`);
          const args = [WORKER, name, input.file, out];
          // coreutils' timeout kills the worker itself (a signal to GNU time would not reach it); GNU
          // time still reports the worker's peak RSS, that of its waited-for child.
          const { ms, rssMb } = await (limitSeconds === undefined
            ? timedRun(node.path, args)
            : timedRun('timeout', ['-s', 'KILL', String(limitSeconds), node.path, ...args]));
          outputs[label] = statSync(out).size;
          return { ms, rssMb };
        },
      });
      // The floor and typefetch on each Node, alternating within a round; quicktype on the runner's Node.
      const perNode = onNodes.map((node) => ({
        node,
        floor: tool('floor', `${node.label}: floor (read + JSON.parse)`, node),
        ours: tool('typefetch', `${node.label}: typefetch generateTypes (named)`, node),
      }));
      const quicktype = skip.has('quicktype')
        ? undefined
        : {
            ...tool(
              'quicktype',
              `Node ${runner}: quicktype-core`,
              { name: 'runner', path: NODE },
              QUICKTYPE_TIMEOUT_MS / 1000,
            ),
            maxRuns: 1,
          };
      const variants = [
        ...perNode.flatMap(({ floor, ours }) => [floor, ours]),
        ...(quicktype === undefined ? [] : [quicktype]),
      ];
      const rounds = quick ? 1 : input.rounds;
      log(`dictionaries, ${input.name}: ${rounds} interleaved rounds of ${variants.length} runs`);
      const { samples, failed } = await interleave(variants, rounds, {
        warmup: quick ? 0 : 1,
        onRound: (r) => r >= 0 && log(`  round ${r + 1}/${rounds} done`),
      });
      const floorOf = new Map(
        perNode.map(({ node, floor }) => {
          const s = samples.get(floor.name);
          return [node.label, { ms: median(s.ms), rssMb: median(s.rssMb) }];
        }),
      );
      // quicktype is compared with the floor of the same Node, when the runner's Node is one of them.
      const runnerFloor = floorOf.get(`Node ${runner}`);
      const row = (name, floor, isFloor) => {
        const error = failed.get(name);
        const s = samples.get(name);
        if (error !== undefined && s.ms === undefined) {
          // 137: killed by `timeout -s KILL`.
          const why = / exited with 137\b/.test(error.message)
            ? `> ${QUICKTYPE_TIMEOUT_MS / 1000} s (cut off)`
            : `failed: ${error.message.slice(0, 200)}`;
          return [name, why, '', '', '', '', '0'];
        }
        const ratioTo = (value, base) => (base === undefined ? '' : ratio(value, base));
        return [
          name,
          fmt(median(s.ms)),
          ratioTo(median(s.ms), floor?.ms),
          fmt(median(s.rssMb), 1),
          ratioTo(median(s.rssMb), floor?.rssMb),
          isFloor ? '' : fmt(outputs[name]),
          String(s.ms.length),
        ];
      };
      const rows = [
        ...perNode.flatMap(({ node, floor, ours }) => [
          row(floor.name, floorOf.get(node.label), true),
          row(ours.name, floorOf.get(node.label), false),
        ]),
        ...(quicktype === undefined ? [] : [row(quicktype.name, runnerFloor, false)]),
      ];
      const bytes = statSync(input.file).size;
      sections.push(
        `#### ${input.name}: ${input.label}, ${fmt(bytes)} bytes\n\n` +
          table(
            [
              'tool',
              'wall ms (median)',
              'x floor',
              'peak RSS MB (median)',
              'x floor',
              'output bytes',
              'runs',
            ],
            rows,
          ),
      );
      for (const { node, ours } of perNode) {
        const s = samples.get(ours.name);
        const oursFailed = failed.get(ours.name);
        const floor = floorOf.get(node.label);
        if (input.name === '~20 MB') {
          const size = outputs[ours.name] ?? Number.NaN;
          const wall = median(s.ms) / floor.ms;
          const rss = median(s.rssMb) / floor.rssMb;
          targets.push(
            {
              ok: size <= 1_000_000,
              label: `${node.label}: output on 20 MB`,
              measured: `${fmt(size)} bytes`,
              target: '<= 1 MB',
            },
            {
              ok: wall <= 1.5,
              label: `${node.label}: wall time on 20 MB`,
              measured: `${wall.toFixed(2)}x floor`,
              target: '<= 1.5x',
            },
            {
              ok: rss <= 1.5,
              label: `${node.label}: peak RSS on 20 MB`,
              measured: `${rss.toFixed(2)}x floor`,
              target: '<= 1.5x',
            },
          );
        } else {
          targets.push({
            ok: oursFailed === undefined,
            label: `${node.label}: typefetch on 100 MB with the default heap`,
            measured: oursFailed === undefined ? `finished in ${fmt(median(s.ms))} ms` : oursFailed.message,
            target: 'finishes',
          });
        }
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return {
    title: 'Type generation on dictionary-heavy real documents',
    markdown: `${sections.join('\n\n')}\n\n${targets.map(targetLine).join('\n')}`,
    targets,
  };
}
