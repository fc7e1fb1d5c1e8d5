/**
 * One measured run of one client, in its own process (so clients never share a heap or a JIT state):
 * `node client.mjs <variant> <origin> <requests> <concurrency> <warmup>`. Prints one JSON line:
 * `{ ms, rps, cpuUs, userUs, systemUs }` (CPU µs per request, and its user and system parts) for the
 * measured requests (after `warmup` unmeasured ones).
 *
 * With `--heap`, instead runs `requests` requests and prints the heap after a full GC at 10k and at the
 * end: `{ heap10kMb, heapEndMb }` (needs --expose-gc).
 */
import { VARIANTS } from './client-variants.mjs';

const [variant, origin, requestsArg, concurrencyArg, warmupArg, mode] = process.argv.slice(2);
const make = VARIANTS[variant];
if (make === undefined) throw new Error(`unknown variant ${variant}`);
const get = make(origin);
const concurrency = Number(concurrencyArg);

/** Runs `total` requests, `concurrency` at a time; calls `onCount(n)` after each completed request. */
async function load(total, onCount) {
  let started = 0;
  let done = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const body = await get();
      if (body.id !== 1) throw new Error(`unexpected body ${JSON.stringify(body)}`);
      done++;
      if (onCount !== undefined) await onCount(done);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const heapMb = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

if (mode === '--heap') {
  let heap10kMb = 0;
  await load(Number(warmupArg), undefined);
  await load(Number(requestsArg), (n) => {
    if (n === 10_000) heap10kMb = heapMb();
  });
  process.stdout.write(`${JSON.stringify({ heap10kMb, heapEndMb: heapMb() })}\n`);
} else {
  await load(Number(warmupArg), undefined);
  const requests = Number(requestsArg);
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await load(requests, undefined);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const { user, system } = process.cpuUsage(cpu);
  // CPU µs per request: the client's own cost, less disturbed than wall time by other load; user and
  // system apart, to tell JavaScript from system calls.
  const perRequest = {
    cpuUs: (user + system) / requests,
    userUs: user / requests,
    systemUs: system / requests,
  };
  process.stdout.write(`${JSON.stringify({ ms, rps: (requests / ms) * 1000, ...perRequest })}\n`);
}
// Keep-alive sockets of some clients would hold the process open for seconds.
process.exit(0);
