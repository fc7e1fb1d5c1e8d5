// Exchanges -> endpoints `METHOD /path/{template}`, in order of first appearance.
import { type Exchange, isSuccessBody, parseHar, type Skipped } from './har.js';
import { outlineOf } from './similar.js';
import { type PathTemplate, templatePaths } from './template.js';

/** One endpoint of the traffic and every exchange that belongs to it. */
export interface Endpoint {
  /** Upper case: `GET`. */
  readonly method: string;
  /** `/users/{id}`; `/` for the root. */
  readonly template: string;
  /** `GET /users/{id}`: the key of the endpoint map. */
  readonly key: string;
  /** The path parameters in path order, each with its segment position. */
  readonly params: PathTemplate['params'];
  readonly exchanges: readonly Exchange[];
}

/** What a traffic file gives: its endpoints, the servers they were sent to, and what was left out. */
export interface Traffic {
  readonly endpoints: Endpoint[];
  /** The origins of the requests, in order of first appearance: `https://api.example.com`. */
  readonly servers: string[];
  readonly skipped: Skipped;
}

/**
 * Reads a HAR file's text: every entry whose response is JSON, or a 2xx without a body, joins an
 * endpoint. Pure: no I/O.
 * @throws HarError (one line) when the text is not HAR.
 * @example readHar(text).endpoints.map((e) => e.key) // ['GET /users/{id}', 'POST /users']
 */
export function readHar(text: string): Traffic {
  const { exchanges, skipped } = parseHar(text);
  return { ...groupEndpoints(exchanges), skipped };
}

/** Groups exchanges (from a HAR, capture or a config run) into endpoints sharing one set of templates. */
export function groupEndpoints(exchanges: readonly Exchange[]): Omit<Traffic, 'skipped'> {
  const paths = new Map<string, { segments: readonly string[]; bodies: unknown[] }>();
  const servers: string[] = [];
  for (const exchange of exchanges) {
    if (!servers.includes(exchange.origin)) servers.push(exchange.origin);
    const id = exchange.segments.join('/');
    const path = paths.get(id) ?? { segments: exchange.segments, bodies: [] };
    // A 2xx without a body says nothing of the resource: no evidence for merging paths.
    if (isSuccessBody(exchange)) path.bodies.push(exchange.response);
    paths.set(id, path);
  }
  const ids = [...paths.keys()];
  const templates = templatePaths(
    ids.map((id) => {
      const path = paths.get(id)!;
      return { segments: path.segments, outline: outlineOf(path.bodies) };
    }),
  );
  const templateOf = new Map(ids.map((id, index) => [id, templates[index]!]));
  const endpoints = new Map<string, { endpoint: Endpoint; exchanges: Exchange[] }>();
  for (const exchange of exchanges) {
    const { template, params } = templateOf.get(exchange.segments.join('/'))!;
    const key = `${exchange.method} ${template}`;
    let entry = endpoints.get(key);
    if (entry === undefined) {
      const list: Exchange[] = [];
      entry = {
        endpoint: { method: exchange.method, template, key, params, exchanges: list },
        exchanges: list,
      };
      endpoints.set(key, entry);
    }
    entry.exchanges.push(exchange);
  }
  return { endpoints: [...endpoints.values()].map((entry) => entry.endpoint), servers };
}
