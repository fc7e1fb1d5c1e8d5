/**
 * Headers built from user input without ever echoing a header value in an error: fetch's own
 * message ('Headers.append: "Bearer abc\n" is an invalid header value.') would put a credential in
 * a log or on a terminal.
 */
export function safeHeaders(option: string, init: HeadersInit | undefined, laterWins = false): Headers {
  if (init instanceof Headers) return new Headers(init);
  const headers = new Headers();
  if (init === undefined || init === null) return headers;
  if (typeof init !== 'object')
    throw new TypeError(`${option} must be a Headers object, an array of pairs or a record`);
  // Any iterable of pairs (a Map, ...) as fetch takes it; Object.entries would find no header in it.
  const entries: unknown[] = Array.isArray(init)
    ? init
    : Symbol.iterator in init
      ? Array.from(init as Iterable<unknown>)
      : Object.entries(init);
  for (const entry of entries) {
    const [name, value]: unknown[] = Array.isArray(entry) && entry.length === 2 ? entry : [];
    if (typeof name !== 'string' || typeof value !== 'string') {
      throw new TypeError(`${option}: every header must be a [name, value] pair of strings`);
    }
    try {
      // A plain object from an interceptor may hold one name in two cases: the later one is the change.
      if (laterWins) headers.set(name, value);
      else headers.append(name, value);
    } catch {
      throw new TypeError(
        `${option}: header ${JSON.stringify(name)} has an invalid name or value (value not shown)`,
      );
    }
  }
  return headers;
}
