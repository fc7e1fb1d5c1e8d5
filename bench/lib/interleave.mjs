/**
 * Interleaved measurement: every round runs each variant once, in order (A B C A B C ...), so slow
 * phases of a shared, noisy machine hit every variant alike; the medians over rounds are compared.
 */

/**
 * Runs `rounds` rounds of every variant. `variants` is a list of `{ name, run }`, where `run()` returns
 * (a promise of) an object of numeric metrics, e.g. `{ ms: 123, rssMb: 45 }`. A variant that throws
 * is recorded with its error and skipped in later rounds. A variant with `maxRuns` is measured at most
 * that many times (and never in warm-up rounds), for tools too slow to repeat.
 * Returns `{ samples: Map<name, { metric: number[] }>, failed: Map<name, Error> }`.
 */
export async function interleave(variants, rounds, { warmup = 0, onRound } = {}) {
  const samples = new Map(variants.map((v) => [v.name, {}]));
  const failed = new Map();
  for (let round = -warmup; round < rounds; round++) {
    for (const variant of variants) {
      if (failed.has(variant.name)) continue;
      const bucket = samples.get(variant.name);
      if (
        variant.maxRuns !== undefined &&
        (round < 0 || (Object.values(bucket)[0]?.length ?? 0) >= variant.maxRuns)
      ) {
        continue;
      }
      let metrics;
      try {
        metrics = await variant.run(round);
      } catch (error) {
        failed.set(variant.name, error);
        continue;
      }
      if (round < 0) continue; // warm-up rounds are not recorded
      for (const [metric, value] of Object.entries(metrics)) {
        bucket[metric] ??= [];
        bucket[metric].push(value);
      }
    }
    onRound?.(round);
  }
  return { samples, failed };
}
