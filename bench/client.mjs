/**
 * Benchmarks 2 and 3, client throughput: 20,000 GETs at concurrency 50 against a keep-alive loopback
 * server returning small JSON. Each (client, round) is a fresh process that warms up with 2,000
 * requests first; rounds interleave the clients. Then heap growth from 10k to 100k requests.
 */
import { BENCH, JSON_SERVER, log, NODE, targetLine } from './lib/context.mjs';
import { interleave } from './lib/interleave.mjs';
import { startServer, timedRun } from './lib/processes.mjs';
import { fmt, median, ratio, table } from './lib/stats.mjs';

const WORKER = `${BENCH}workers/client.mjs`;
const REQUESTS = 20_000;
const CONCURRENCY = 50;
const WARMUP = 2_000;

const CLIENTS = [
  ['fetch', 'raw global fetch (baseline)'],
  ['fetch+signal', 'raw fetch + AbortController timeout (reference)'],
  ['typefetch', 'typefetch, defaults'],
  ['typefetch-full', 'typefetch, retry + breaker + interceptors + logger'],
  ['typefetch+notimeout', "typefetch, `timeoutMs: Infinity` (no timeout, as the peers' defaults)"],
  ['typefetch-full+notimeout', 'typefetch, everything on, `timeoutMs: Infinity`'],
  ['ky', 'ky'],
  ['ofetch', 'ofetch'],
  ['axios', 'axios'],
  ['ofetch+timeout', 'ofetch with timeout: 15000 (reference)'],
  ['axios+timeout', 'axios with timeout: 15000 (reference)'],
  ['undici-fetch', 'typefetch/undici createUndiciFetch, raw'],
  ['typefetch+undici', 'typefetch, defaults, on typefetch/undici'],
  ['typefetch-full+undici', 'typefetch, everything on, on typefetch/undici'],
  ['undici.request', 'undici.request (reference: no fetch semantics)'],
];
const PEERS = ['ky', 'ofetch', 'axios'];
const HEAP_REQUESTS = 100_000;

export async function run({ quick }) {
  const server = await startServer(JSON_SERVER);
  const origin = `http://127.0.0.1:${server.port}`;
  const rounds = quick ? 2 : 5;
  const targets = [];
  let markdown;
  try {
    const variants = CLIENTS.map(([id]) => ({
      name: id,
      run: async () => {
        const { stdout } = await timedRun(
          NODE,
          [WORKER, id, origin, String(REQUESTS), String(CONCURRENCY), String(WARMUP)],
          { captureStdout: true },
        );
        return JSON.parse(stdout);
      },
    }));
    log(
      `client throughput: ${rounds} interleaved rounds of ${variants.length} clients, ${fmt(REQUESTS)} requests each`,
    );
    const { samples, failed } = await interleave(variants, rounds, {
      onRound: (r) => log(`  round ${r + 1}/${rounds} done`),
    });
    for (const [name, error] of failed) throw new Error(`${name} failed: ${error.message}`);
    const rps = (id) => median(samples.get(id).rps);
    const base = rps('fetch');
    const cpu = (id) => median(samples.get(id).cpuUs);
    const rows = CLIENTS.map(([id, label]) => [
      label,
      fmt(rps(id)),
      ratio(rps(id), base),
      fmt(cpu(id), 1),
      ratio(cpu('fetch'), cpu(id)),
      String(samples.get(id).rps.length),
    ]);
    // CPU time per request (the client process's user + system time) moves less than req/s when other
    // processes share the machine; its ratio is written the same way round (higher = cheaper than fetch).
    markdown = table(
      ['client', 'req/s (median)', 'x raw fetch', 'CPU µs/req (median)', 'x raw fetch (by CPU)', 'runs'],
      rows,
    );

    const full = rps('typefetch-full');
    const bestPeer = PEERS.reduce((best, id) => (rps(id) > rps(best) ? id : best));
    targets.push(
      {
        ok: full >= 0.95 * base,
        label: 'typefetch with everything on vs raw fetch',
        measured: ratio(full, base),
        target: '>= 0.95x',
      },
      {
        ok: full > rps(bestPeer),
        label: `typefetch with everything on vs the fastest peer (${bestPeer})`,
        measured: ratio(full, rps(bestPeer)),
        target: '> 1.00x',
      },
      {
        ok: rps('typefetch+undici') >= 2 * base,
        label: 'typefetch on typefetch/undici vs raw fetch',
        measured: ratio(rps('typefetch+undici'), base),
        target: '>= 2x',
      },
    );

    // Not targets: the same comparison with no timeout on either side (the peers arm none by default).
    const untimed = rps('typefetch-full+notimeout');
    const notes = [
      `- note: typefetch with no timeout vs raw fetch: defaults ${ratio(rps('typefetch+notimeout'), base)}, everything on ${ratio(untimed, base)}`,
      `- note: typefetch with everything on and no timeout vs the fastest peer (${bestPeer}, no timeout): ${ratio(untimed, rps(bestPeer))}`,
    ];

    const heapRows = [];
    for (const id of ['typefetch-full', 'typefetch-full+undici']) {
      log(`heap growth: ${id}, ${fmt(HEAP_REQUESTS)} requests`);
      const { stdout } = await timedRun(
        NODE,
        [
          '--expose-gc',
          WORKER,
          id,
          origin,
          String(HEAP_REQUESTS),
          String(CONCURRENCY),
          String(WARMUP),
          '--heap',
        ],
        { captureStdout: true },
      );
      const { heap10kMb, heapEndMb } = JSON.parse(stdout);
      const growth = heapEndMb - heap10kMb;
      heapRows.push([id, fmt(heap10kMb, 2), fmt(heapEndMb, 2), fmt(growth, 2)]);
      targets.push({
        ok: growth < 5,
        label: `heap growth from 10k to 100k requests, ${id}`,
        measured: `${growth.toFixed(2)} MB`,
        target: '< 5 MB',
      });
    }
    markdown += `\n\n${notes.join('\n')}`;
    markdown +=
      `\n\nHeap after a full GC (\`--expose-gc\`), same load, one process:\n\n` +
      table(['client', 'heap at 10k MB', `heap at ${fmt(HEAP_REQUESTS / 1000)}k MB`, 'growth MB'], heapRows);
  } finally {
    await server.stop();
  }
  return {
    title: `2-3. Client throughput (${fmt(REQUESTS)} requests, concurrency ${CONCURRENCY}, keep-alive loopback)`,
    markdown: `${markdown}\n\n${targets.map(targetLine).join('\n')}`,
    targets,
  };
}
