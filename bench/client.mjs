/**
 * Benchmarks 2 and 3, client throughput: 5,000 GETs at concurrency 50 against a keep-alive loopback
 * server returning small JSON, on Node 24 and Node 20 (bench/lib/nodes.mjs). Each
 * (client, Node, rep) is a fresh process that warms up with 1,000 requests first; within a rep, the
 * clients and the two Nodes alternate, so a slow phase of the machine hits them alike.
 *
 * Judged on the client process's CPU time per request (user + system), paired per rep: a row's "x fetch"
 * is the median over reps of fetch's CPU per request divided by the row's, measured in the same rep
 * on the same Node (higher is cheaper; 1.00x costs what fetch costs). req/s (median, and the median of
 * the per-rep ratios to fetch) is printed beside it: on a shared machine the server competes with the
 * client for the CPU, so req/s moves more from run to run. Then heap growth from 10k to 100k requests.
 */
import { readFileSync } from 'node:fs';
import { BENCH, JSON_SERVER, log, ROOT, targetLine } from './lib/context.mjs';
import { interleave } from './lib/interleave.mjs';
import { benchNodes } from './lib/nodes.mjs';
import { startServer, timedRun } from './lib/processes.mjs';
import { fmt, median, pairedRatio, table } from './lib/stats.mjs';

const WORKER = `${BENCH}workers/client.mjs`;
const REQUESTS = 5_000;
const CONCURRENCY = 50;
const WARMUP = 1_000;
const HEAP_REQUESTS = 100_000;

/** The installed version of a devDependency, for the row labels. */
function versionOf(name) {
  return JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')).version;
}

/** [variant of bench/workers/client-variants.mjs, row label]. */
const CLIENTS = [
  ['fetch', 'fetch (the baseline)'],
  ['typefetch', 'typefetch, defaults'],
  ['typefetch-full', 'typefetch, every feature on'],
  ['ofetch', `ofetch ${versionOf('ofetch')}`],
  ['ky', `ky ${versionOf('ky')}`],
  ['axios', `axios ${versionOf('axios')}`],
  ['typefetch+undici', `typefetch on typefetch/undici (undici ${versionOf('undici')})`],
];

export async function run({ quick }) {
  const onNodes = benchNodes();
  const server = await startServer(JSON_SERVER);
  const origin = `http://127.0.0.1:${server.port}`;
  const reps = quick ? 2 : 5;
  const heapRequests = quick ? 30_000 : HEAP_REQUESTS;
  const targets = [];
  let markdown;
  try {
    const key = (node, id) => `${node.name}|${id}`;
    const variants = CLIENTS.flatMap(([id]) =>
      onNodes.map((node) => ({
        name: key(node, id),
        run: async () => {
          const { stdout } = await timedRun(
            node.path,
            [WORKER, id, origin, String(REQUESTS), String(CONCURRENCY), String(WARMUP)],
            { captureStdout: true },
          );
          return JSON.parse(stdout);
        },
      })),
    );
    log(
      `client throughput: ${reps} interleaved reps of ${CLIENTS.length} clients on ` +
        `${onNodes.map((n) => n.label).join(' and ')}, ${fmt(REQUESTS)} requests each`,
    );
    const { samples, failed } = await interleave(variants, reps, {
      onRound: (r) => log(`  rep ${r + 1}/${reps} done`),
    });
    const cpu = (node, id) => samples.get(key(node, id)).cpuUs ?? [];
    const rps = (node, id) => samples.get(key(node, id)).rps ?? [];
    /** How many times cheaper `id` is than `than` on `node`, by CPU per request paired per rep. */
    const cheaper = (node, id, than) => pairedRatio(cpu(node, than), cpu(node, id));
    const x = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');

    const columns = ['client'];
    for (const node of onNodes) {
      columns.push(
        `${node.label}: x fetch (CPU)`,
        `${node.label}: CPU µs/req`,
        `${node.label}: req/s (x fetch)`,
      );
    }
    const rows = CLIENTS.map(([id, label]) => [
      label,
      ...onNodes.flatMap((node) =>
        failed.has(key(node, id))
          ? ['failed', 'failed', 'failed']
          : [
              x(cheaper(node, id, 'fetch')),
              fmt(median(cpu(node, id)), 1),
              `${fmt(median(rps(node, id)))} (${x(pairedRatio(rps(node, id), rps(node, 'fetch')))})`,
            ],
      ),
    ]);
    markdown = table(columns, rows);
    if (failed.size > 0) {
      markdown += `\n\n${[...failed].map(([name, error]) => `- failed: ${name}: ${error.message}`).join('\n')}`;
    }

    const [node24, node20] = onNodes;
    /** A target: `id` at least `min` times as cheap as `than` (strictly more when `min` is 1 and `ahead`). */
    const goal = (node, id, than, min, ahead = false) => {
      const value = cheaper(node, id, than);
      const name = (v) => CLIENTS.find(([each]) => each === v)[1];
      targets.push({
        ok: ahead ? value > min : value >= min,
        label: `${node.label}: ${name(id)} vs ${name(than)}, by CPU per request`,
        measured: x(value),
        target: `${ahead ? '>' : '>='} ${min.toFixed(2)}x`,
      });
    };
    goal(node24, 'typefetch', 'fetch', 0.97);
    goal(node24, 'typefetch', 'ofetch', 1.0);
    goal(node24, 'typefetch-full', 'fetch', 0.95);
    for (const peer of ['ky', 'axios']) {
      goal(node24, 'typefetch', peer, 1, true);
      goal(node24, 'typefetch-full', peer, 1, true);
    }
    goal(node20, 'typefetch', 'fetch', 0.85);
    for (const peer of ['ky', 'axios']) goal(node20, 'typefetch', peer, 1, true);

    const heapRows = [];
    for (const node of onNodes) {
      log(`heap growth: typefetch-full on ${node.label}, ${fmt(heapRequests)} requests`);
      const { stdout } = await timedRun(
        node.path,
        [
          '--expose-gc',
          WORKER,
          'typefetch-full',
          origin,
          String(heapRequests),
          String(CONCURRENCY),
          String(WARMUP),
          '--heap',
        ],
        { captureStdout: true },
      );
      const { heap10kMb, heapEndMb } = JSON.parse(stdout);
      const growth = heapEndMb - heap10kMb;
      heapRows.push([node.label, fmt(heap10kMb, 2), fmt(heapEndMb, 2), fmt(growth, 2)]);
      targets.push({
        ok: growth < 5,
        label: `${node.label}: heap growth from 10k to ${fmt(heapRequests / 1000)}k requests, every feature on`,
        measured: `${growth.toFixed(2)} MB`,
        target: '< 5 MB',
      });
    }
    markdown +=
      `\n\nHeap after a full GC (\`--expose-gc\`), typefetch with every feature on, same load, one process:\n\n` +
      table(['Node', 'heap at 10k MB', `heap at ${fmt(heapRequests / 1000)}k MB`, 'growth MB'], heapRows);
  } finally {
    await server.stop();
  }
  return {
    title:
      `2-3. Client throughput (${fmt(REQUESTS)} requests, concurrency ${CONCURRENCY}, keep-alive loopback, ` +
      `${reps} reps; CPU per request paired per rep)`,
    markdown: `${markdown}\n\n${targets.map(targetLine).join('\n')}`,
    targets,
  };
}
