/**
 * Refuses an options object's key that is not one of `known` (a typo such as `enum` for `enums`), rather
 * than ignoring it: a TypeError whose message `message(key)` builds. A key whose value is `undefined` is
 * no option at all and passes (`{ ...defaults, extra: undefined }`).
 */
export function refuseUnknownKeys(
  options: object,
  known: ReadonlySet<string>,
  message: (key: string) => string,
): void {
  for (const key of Object.keys(options)) {
    if (!known.has(key) && (options as Record<string, unknown>)[key] !== undefined) {
      throw new TypeError(message(key));
    }
  }
}
