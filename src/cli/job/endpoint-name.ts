import { isIdLike } from '../../shared/id-like.js';
import { safeDecode } from '../../shared/safe-decode.js';

/** The name used when the path gives nothing to go on (`https://api.example.com/`). */
export const ROOT_ENDPOINT = 'root';

// Long enough for any real resource name, short of the 255-byte file-name limit once `.ts` is added.
const MAX_NAME_LENGTH = 100;

// A trailing extension such as `.json` or `.xml`: a dot, then a letter and a few letters or digits.
const EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,9}$/;

/**
 * Derives the endpoint name (file name and, by default, type name) from a URL's path, as docs/cli.md
 * ("Endpoint name") says: decode the path, split it on `/` (and `\`, which a decoded `%5c` may hold), drop empty and
 * id-like segments, take the last one left, strip an extension, keep only `[A-Za-z0-9_-]`.
 *
 * Two refinements keep names useful: each segment is cleaned (extension stripped, other characters
 * dropped) before the id test, so `/users/1.json` gives `users`; and a segment with no allowed character
 * left (`..`, `@@`), or only `_` and `-`, counts as empty.
 * The result never holds a path separator or a dot, so it cannot leave the output folder.
 *
 * @example endpointName(new URL('https://h/api/v1/users/42')) // 'users'
 */
export function endpointName(url: URL): string {
  const segments = safeDecode(url.pathname).split(/[/\\]/);
  for (let index = segments.length - 1; index >= 0; index--) {
    const name = (segments[index] ?? '')
      .replace(EXTENSION, '')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, MAX_NAME_LENGTH);
    // A name of only `_` and `-` gives no type name (generateTypes needs a letter or digit).
    if (/[A-Za-z0-9]/.test(name) && !isIdLike(name)) return name;
  }
  return ROOT_ENDPOINT;
}
