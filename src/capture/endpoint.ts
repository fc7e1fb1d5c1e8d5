// Which endpoint a response belongs to: its method and path template, ids replaced by `{name}`
// parameters, so `GET /users/1` and `GET /users/2` merge into `GET /users/{id}`. Query strings never take
// part. The template rule is the one of `typefetch --har` (docs/traffic.md, "How paths become templates"),
// applied to each URL on its own.
import { endpointFileStem, endpointName } from '../traffic/endpoint-types.js';
import { type PathTemplate, templateOfUrl } from '../traffic/template.js';

export interface EndpointKey {
  /** Upper case, as sent. */
  readonly method: string;
  /** The URL's path with every id-like segment a `{name}` parameter, e.g. `/users/{userId}/posts`. */
  readonly pattern: string;
  /** `METHOD pattern`, e.g. `GET /users/{id}`: the key of the endpoint map. */
  readonly key: string;
  /** The path parameters in path order. */
  readonly params: PathTemplate['params'];
}

/** The endpoint of a request; `url` must be absolute. */
export function endpointOf(method: string, url: URL): EndpointKey {
  const { template, params } = templateOfUrl(url);
  const upper = method.toUpperCase();
  return { method: upper, pattern: template, key: `${upper} ${template}`, params };
}

/**
 * A file stem for the endpoint: the method and the path's words joined by `-` (`get-users-id`), as
 * `typefetch --har` names its files; it holds no separator or dot and cannot leave the output folder.
 * The root path gives `get-root`.
 */
export function fileStem({ method, pattern }: EndpointKey): string {
  return endpointFileStem({ method, template: pattern });
}

/**
 * The default type name of the endpoint, as `typefetch --har` names its types: the method and the path's
 * words in PascalCase, each word's case kept (`GetUsersUserId`), and the number its file took when above
 * 1 (`get-a-b-2.ts` -> `GetAB2`).
 */
export function typeNameOf({ method, pattern }: EndpointKey, number?: number): string {
  return endpointName({ method, template: pattern }, number);
}
