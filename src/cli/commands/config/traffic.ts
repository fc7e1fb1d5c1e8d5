// A config run seen as traffic: each endpoint fetched from a URL becomes an endpoint of the map
// `export interface Api` in index.ts and, with --format=openapi, of openapi.json. Its template is its first
// URL's path, templated by the one rule of docs/traffic.md; the query's secret values are dropped.
import { FORMAT_FILES } from '../../../shared/output-file.js';
import type { EndpointMapEntry } from '../../../traffic/endpoint-map.js';
import type { EndpointTypes } from '../../../traffic/endpoint-types.js';
import type { Endpoint } from '../../../traffic/endpoints.js';
import { type Exchange, queryPairs } from '../../../traffic/har.js';
import { queryParams } from '../../../traffic/query.js';
import { pathSegments, templateOfUrl } from '../../../traffic/template.js';
import { toTypeName } from '../../../typegen/identifiers.js';
import type { EndpointResult } from './endpoint.js';

/** A config endpoint in the map: its key and parameters, its response type and the file declaring it. */
export interface ConfigMapEntry extends EndpointMapEntry {
  /** The file stem the type is imported from. */
  readonly file: string;
}

/**
 * The map entries of a run: every endpoint with a URL whose output declares a TypeScript type (typescript
 * and zod), in the config's order. Endpoints made from files only have no path and are left out, and so is
 * a later endpoint whose key an earlier one already has (`/users/1` and `/users/2` are both
 * `GET /users/{id}`).
 */
export function mapEntries(results: readonly EndpointResult[], listed: readonly string[]): ConfigMapEntry[] {
  const entries: ConfigMapEntry[] = [];
  const keys = new Set<string>();
  for (const { endpoint } of results) {
    if (!listed.includes(endpoint.endpoint)) continue;
    const url = firstUrl(endpoint.sources);
    if (url === undefined || !FORMAT_FILES[endpoint.output.format].header) continue;
    const { template, params } = templateOfUrl(url);
    const key = `${endpoint.method} ${template}`;
    if (keys.has(key)) continue;
    keys.add(key);
    entries.push({
      endpoint: { key, params },
      names: { response: toTypeName(endpoint.typeName) },
      file: endpoint.endpoint,
    });
  }
  return entries;
}

/**
 * The endpoints of a run as the OpenAPI emitter takes them: every endpoint that succeeded and has a URL,
 * its samples as 200 responses of its first URL. A later endpoint with the same key is left out.
 */
export function openApiEndpoints(results: readonly EndpointResult[]): {
  types: EndpointTypes[];
  servers: string[];
} {
  const types: EndpointTypes[] = [];
  const servers: string[] = [];
  const keys = new Set<string>();
  for (const { endpoint, outcome } of results) {
    const url = firstUrl(endpoint.sources);
    if (outcome === undefined || url === undefined) continue;
    const { template, params } = templateOfUrl(url);
    const key = `${endpoint.method} ${template}`;
    if (keys.has(key)) continue;
    keys.add(key);
    if (!servers.includes(url.origin)) servers.push(url.origin);
    const exchanges: Exchange[] = outcome.values.map((response) => ({
      method: endpoint.method,
      origin: url.origin,
      segments: pathSegments(url.pathname),
      query: queryPairs(url),
      status: 200,
      response,
    }));
    const traffic: Endpoint = { method: endpoint.method, template, key, params, exchanges };
    const { format: _format, ...options } = endpoint.output;
    types.push({
      endpoint: traffic,
      file: endpoint.endpoint,
      name: endpoint.endpoint,
      names: { response: toTypeName(endpoint.typeName) },
      samples: { response: [...outcome.values], error: [], body: [] },
      query: queryParams(exchanges),
      typescript: '',
      options,
    });
  }
  return { types, servers };
}

function firstUrl(sources: EndpointResult['endpoint']['sources']): URL | undefined {
  for (const source of sources) if (source.kind === 'url') return source.url;
  return undefined;
}
