// Which endpoint a response belongs to: its method and path pattern, ids replaced by `:id`, so
// `GET /users/1` and `GET /users/2` merge into `GET /users/:id`. Query strings never take part.
import { pathTemplate } from '../shared/path-template.js';
import { safeDecode } from '../shared/safe-decode.js';

// Long enough for any real resource path, well short of the 255-byte file-name limit.
const MAX_FILE_STEM = 100;

export interface EndpointKey {
  /** Upper case, as sent. */
  readonly method: string;
  /** The URL's path with every id-like segment replaced by `:id`, e.g. `/users/:id/posts`. */
  readonly pattern: string;
  /** `METHOD pattern`, e.g. `GET /users/:id`. */
  readonly key: string;
}

/** The endpoint of a request; `url` must be absolute. */
export function endpointOf(method: string, url: URL): EndpointKey {
  const pattern = pathTemplate(url);
  const upper = method.toUpperCase();
  return { method: upper, pattern, key: `${upper} ${pattern}` };
}

/**
 * A file stem for the endpoint: the method and the path's words joined by `-` (`get-users-id`),
 * keeping only `[A-Za-z0-9_]` of each segment, so it holds no separator or dot and cannot leave the
 * output folder. The root path gives `get-root`.
 */
export function fileStem({ method, pattern }: EndpointKey): string {
  const words = pattern
    .split('/')
    .map((segment) =>
      safeDecode(segment)
        .replace(/[^A-Za-z0-9_]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter((word) => word !== '');
  if (words.length === 0) words.push('root');
  return [method.toLowerCase(), ...words].join('-').slice(0, MAX_FILE_STEM);
}
