// The done-when checks of "from traffic to a typed client", on both committed HAR fixtures (recorded by
// test/traffic/recording.test.ts): endpoints and templates, what was skipped, every type compiling and
// accepting every body, the endpoint map typing real calls, no planted secret anywhere in the output, and
// the OpenAPI document: valid 3.1, its schemas accepting every recorded body, and openapi-typescript's
// reading of it agreeing with typefetch's own types.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import type { EndpointTypes } from '../../src/traffic/index.js';
import { compile, TYPED_CLIENT_PREAMBLE } from '../helpers/compile.js';
import { responseValidators, validateOpenApi } from '../helpers/openapi.js';
import { toTsExpression } from '../typegen/helpers/typecheck.js';
import { outputsOf } from './helpers/outputs.js';
import { SECRETS } from './helpers/sample-api.js';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/har');

const EXPECTED_ENDPOINTS = [
  'POST /api/login 1',
  'GET /api/me 1',
  'GET /api/users 2',
  'GET /api/users/{id} 3',
  'GET /api/users/{id}/posts 1',
  'POST /api/users 1',
  'PATCH /api/users/{id} 1',
  'DELETE /api/users/{id} 1',
  'GET /api/repos/{owner}/{repo} 3',
  'GET /api/orders/{id} 2',
  'GET /api/search 2',
];

// /health (text), /logo.png (image); the 204 of DELETE is an endpoint
const LOOPBACK_SKIPPED = { total: 2, notJson: 2, notRecorded: 0, malformed: 0, preflight: 0 };
const FIXTURE_CASES = [
  { file: 'loopback.har', options: {}, skipped: LOOPBACK_SKIPPED },
  { file: 'loopback.har', options: { named: true }, skipped: LOOPBACK_SKIPPED },
  // the same, plus the HTML page the browser loaded
  {
    file: 'chromium.har',
    options: {},
    skipped: { total: 3, notJson: 3, notRecorded: 0, malformed: 0, preflight: 0 },
  },
];

describe.each(FIXTURE_CASES)('$file, options $options', ({ file, options, skipped }) => {
  const har = readFileSync(path.join(FIXTURES, file), 'utf8');
  const outputs = outputsOf(har, options);
  const { traffic, types, files } = outputs;

  it('gives one endpoint per template, ids and names folded into parameters', () => {
    expect(traffic.endpoints.map((endpoint) => `${endpoint.key} ${endpoint.exchanges.length}`)).toEqual(
      EXPECTED_ENDPOINTS,
    );
    expect(traffic.servers).toHaveLength(1);
    expect(traffic.servers[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('skips and counts the entries that are not JSON', () => {
    expect(traffic.skipped).toEqual(skipped);
  });

  it('writes types that compile and accept every body, query and call of their endpoint', () => {
    const check = checkerModule(types);
    expect(check.split('\n').length).toBeGreaterThan(40);
    expect(compile({ ...files, 'check.ts': check })).toEqual([]);
  });

  it('fails the type check when a recorded body does not fit (the check can fail)', () => {
    const broken = types.map((endpoint) =>
      endpoint.endpoint.key === 'GET /api/users/{id}'
        ? { ...endpoint, samples: { ...endpoint.samples, response: [{ id: 'one' }] } }
        : endpoint,
    );
    expect(compile({ ...files, 'check.ts': checkerModule(broken) }).join('\n')).toMatch(
      /check\.ts:\d+: Type 'string' is not assignable to type 'number'/,
    );
  });

  it('writes no planted secret in any output', () => {
    const everything = [...Object.values(files), JSON.stringify(traffic.skipped), traffic.servers.join()];
    for (const secret of Object.values(SECRETS)) {
      expect(har).toContain(secret); // planted in the input
      for (const text of everything) expect(text).not.toContain(secret);
    }
  });

  it('writes an OpenAPI document that validates as 3.1', async () => {
    expect(await validateOpenApi(JSON.parse(files['openapi.json']!))).toEqual({
      result: { valid: true },
      version: '3.1',
    });
  });

  it('has 2xx schemas that validate every recorded body of their endpoint (ajv 2020)', () => {
    const document = JSON.parse(files['openapi.json']!);
    const { schemaOf, errorsText } = responseValidators(document);
    let checked = 0;
    for (const { endpoint } of types) {
      for (const exchange of endpoint.exchanges) {
        if (exchange.status < 200 || exchange.status >= 300 || exchange.empty === true) continue;
        const validate = schemaOf(endpoint.template, endpoint.method.toLowerCase(), String(exchange.status));
        expect(validate(exchange.response), `${endpoint.key}: ${errorsText(validate)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(16); // 17 JSON exchanges, one of them a 404
    // The check can fail: a user whose id is a string is not a GetApiUsersId.
    const user = schemaOf('/api/users/{id}', 'get', '200');
    expect(user({ id: '1', name: 'a', address: { city: 'c', zip: 'z' } })).toBe(false);
  });

  it('reads the same through openapi-typescript: its response types and ours are mutually assignable', async () => {
    const generated = astToString(await openapiTS(JSON.parse(files['openapi.json']!)));
    const lines: string[] = ["import type { paths } from './openapi-types.js';"];
    types.forEach(({ endpoint, names, file: module }, index) => {
      if (names.response === undefined) return;
      const statuses = [...new Set(endpoint.exchanges.map((exchange) => exchange.status))].filter(
        (status) => status >= 200 && status < 300,
      );
      lines.push(`import type { ${names.response} } from './${module}.js';`);
      for (const status of statuses) {
        const theirs = `paths[${JSON.stringify(endpoint.template)}][${JSON.stringify(endpoint.method.toLowerCase())}]['responses'][${status}]['content']['application/json']`;
        lines.push(`export const to${index}_${status} = (x: ${theirs}): ${names.response} => x;`);
        lines.push(`export const from${index}_${status} = (x: ${names.response}): ${theirs} => x;`);
      }
    });
    expect(lines.filter((line) => line.startsWith('export const to'))).toHaveLength(10);
    expect(compile({ ...files, 'openapi-types.ts': generated, 'mutual.ts': lines.join('\n') })).toEqual([]);
  });
});

/**
 * A module that assigns every recorded body to its type, every recorded query to the query type, and
 * makes one call per endpoint through the typed client (its result assigned to the response type).
 */
function checkerModule(types: readonly EndpointTypes[]): string {
  const lines: string[] = [...TYPED_CLIENT_PREAMBLE];
  types.forEach(({ endpoint, names, samples, query, file }, index) => {
    const imported = Object.values(names).filter((name) => name !== undefined);
    lines.push(`import type { ${imported.join(', ')} } from './${file}.js';`);
    for (const role of ['response', 'error', 'body'] as const) {
      samples[role].forEach((sample, n) => {
        lines.push(`export const ${role}${index}_${n}: ${names[role]} = ${toTsExpression(sample)};`);
      });
    }
    const queryOf = (pairs: readonly (readonly [string, string])[]) => {
      const object: Record<string, unknown> = {};
      for (const param of query) {
        const values = pairs
          .filter(([name]) => name === param.name)
          .map(([, value]) => typed(param.type, value));
        if (values.length > 0) object[param.name] = values.length === 1 ? values[0] : values;
      }
      return toTsExpression(object);
    };
    endpoint.exchanges.forEach((exchange, n) => {
      if (names.query !== undefined)
        lines.push(`export const query${index}_${n}: ${names.query} = ${queryOf(exchange.query)};`);
    });
    const [first] = endpoint.exchanges;
    const options: string[] = [];
    if (endpoint.params.length > 0) {
      const params = endpoint.params.map(
        ({ name, position }) => `${name}: ${JSON.stringify(first!.segments[position])}`,
      );
      options.push(`params: { ${params.join(', ')} }`);
    }
    if (names.query !== undefined) options.push(`searchParams: ${queryOf(first!.query)}`);
    const optionsText = options.length > 0 ? `{ ${options.join(', ')} }` : undefined;
    const path = JSON.stringify(endpoint.template);
    const method = endpoint.method.toLowerCase();
    const args = ['POST', 'PUT', 'PATCH'].includes(endpoint.method)
      ? [path, first!.body === undefined ? 'undefined' : toTsExpression(first!.body.value), optionsText]
      : [path, optionsText];
    const call = `api.${method}(${args.filter((arg) => arg !== undefined).join(', ')})`;
    // A 2xx without a body resolves to undefined, as the client reads it.
    const empty = endpoint.exchanges.some((exchange) => exchange.empty === true) ? 'undefined' : undefined;
    const result = [names.response, empty].filter((type) => type !== undefined).join(' | ') || 'unknown';
    lines.push(`export const call${index}: Promise<${result}> = ${call};`);
  });
  return `${lines.join('\n')}\n`;
}

function typed(type: string, value: string): unknown {
  if (type === 'integer' || type === 'number') return Number(value);
  if (type === 'boolean') return value === 'true';
  return value;
}
