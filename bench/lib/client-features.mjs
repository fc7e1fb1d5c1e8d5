/**
 * The client's optional features and the source modules that implement them: the one list the bundle
 * benchmark reads to give each feature's share of the client entry. When the client's files move or a
 * feature is added, update this list (the benchmark fails a target when a pattern matches no module of
 * the bundle, so a stale entry cannot silently weigh 0 bytes).
 *
 * `modules` are regular expressions tested against each bundled module's path relative to src/client/
 * (e.g. `retry/policy.ts` or `layers/retry/policy.ts`). Anchor on a file or folder name, not on a
 * parent folder, so that moving a file between folders keeps it matched.
 */
export const CLIENT_FEATURES = [
  { name: 'retry (policy, backoff, Retry-After)', modules: [/(^|\/)retry(\/|[-.])/] },
  { name: 'circuit breaker', modules: [/(^|\/)circuit-breaker(\/|\.ts$)/] },
  {
    name: 'logging (request log, header redaction)',
    modules: [/(^|\/)request-log(\/|\.ts$)/, /(^|\/)redact(\/|\.ts$)/],
  },
  { name: 'response validation', modules: [/(^|\/)validation(\/|\.ts$)/] },
  { name: 'pagination', modules: [/(^|\/)pagination(\/|\.ts$)/] },
  { name: 'Spanish error messages', modules: [/(^|\/)messages\/es\.ts$/] },
  // Features of the second version: listed now, they count once their modules exist.
  { name: 'request deduplication', modules: [/(^|\/)dedupe(\/|\.ts$)/], optional: true },
  { name: 'server-sent events', modules: [/(^|\/)sse(\/|\.ts$)/], optional: true },
  { name: 'upload/download progress', modules: [/(^|\/)progress(\/|\.ts$)/], optional: true },
];

/** The features whose patterns match `path` (a path relative to src/client/). */
export function featuresOf(path) {
  return CLIENT_FEATURES.filter((feature) => feature.modules.some((pattern) => pattern.test(path)));
}
