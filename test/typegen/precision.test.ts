// The opt-in precision options: enums (literal unions from repeated strings), taggedUnions (a union of
// variants split by a string tag), integers (z.int() and "type": "integer" for always-integral numbers).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames } from '../../src/shared/exported-names.js';
import { schemaName } from '../../src/typegen/emit-zod.js';
import { generateTypes } from '../../src/typegen/generate.js';
import { createAjv } from './helpers/ajv.js';
import { typesAt } from './helpers/type-at.js';
import { typecheckSamples } from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

const lines = (...text: string[]): string => `${text.join('\n')}\n`;
const events = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/corpus/quicktype/github-events.json'), 'utf8'),
) as Array<{ type: string; payload: Record<string, unknown> }>;

/** Compiles the declaration plus `code` (strict); the diagnostics, empty when it compiles. */
function compile(declaration: string, code: string): readonly string[] {
  const [result] = typecheckSamples([
    { id: 'x', declaration: `${declaration}\n${code}`, typeName: 'unknown', value: 0 },
  ]);
  return result!.diagnostics;
}

describe('enums', () => {
  const issues = [
    { state: 'open', id: 'a1' },
    { state: 'closed', id: 'b2' },
    { state: 'open', id: 'c3' },
    { state: 'closed', id: 'd4' },
    { state: 'open', id: 'e5' },
    { state: 'closed', id: 'f6' },
  ];

  it('makes a string member with few values, each seen 3 times or more, a literal union in every format', () => {
    expect(generateTypes(issues, { name: 'T', enums: true })).toBe(
      lines('export type T = {', '  state: "open" | "closed";', '  id: string;', '}[];'),
    );
    expect(generateTypes(issues, { name: 'T', enums: true, format: 'zod' })).toContain(
      'state: z.enum(["open", "closed"]),',
    );
    const schema = JSON.parse(generateTypes(issues, { name: 'T', enums: true, format: 'json-schema' }));
    expect(schema.items.properties.state).toEqual({ type: 'string', enum: ['open', 'closed'] });
  });

  it('keeps string for values seen fewer than 3 times, dates, and without the option', () => {
    expect(generateTypes(issues.slice(0, 5), { name: 'T', enums: true })).toContain('  state: string;\n');
    const dates = ['2024-01-01', '2024-01-02', '2024-01-01', '2024-01-02', '2024-01-01', '2024-01-02'];
    expect(generateTypes(dates, { name: 'T', enums: true })).toBe('export type T = string[];\n');
    expect(generateTypes(issues, { name: 'T' })).toContain('  state: string;\n');
  });

  it('never writes the values of a secret-named member (token, access_token, apiKey, password) as literals or tags', () => {
    const sessions = issues.map(({ state }, i) => ({
      state,
      token: `tok${i % 2}-sk_live_secret`,
      access_token: `at${i % 2}-sk_live_secret`,
      credentials: { apiKey: `ak${i % 2}-sk_live_secret`, password: `pw${i % 2}-sk_live_secret` },
    }));
    expectNoSecretInAnyFormat(sessions);
    expect(generateTypes(sessions, { name: 'T', enums: true })).toBe(
      lines(
        'export type T = {',
        '  state: "open" | "closed";',
        '  token: string;',
        '  access_token: string;',
        '  credentials: {',
        '    apiKey: string;',
        '    password: string;',
        '  };',
        '}[];',
      ),
    );
  });

  it('never writes literals found inside a secret-named member either (an array of tokens, an object under password)', () => {
    const sessions = issues.map(({ state }, i) => ({
      state,
      tokens: ['a', 'b'],
      token: [`tok${i % 2}-sk_live_secret`],
      password: { current: `pw${i % 2}-sk_live_secret` },
    }));
    expectNoSecretInAnyFormat(sessions);
    expect(generateTypes(sessions, { name: 'T', enums: true })).toBe(
      lines(
        'export type T = {',
        '  state: "open" | "closed";',
        '  tokens: ("a" | "b")[];',
        '  token: string[];',
        '  password: {',
        '    current: string;',
        '  };',
        '}[];',
      ),
    );
  });

  it('never writes the values of members named like the headers the logs redact (an echoed headers object)', () => {
    const echoes = issues.map(({ state }, i) => ({
      state,
      headers: {
        Authorization: `Bearer t${i % 2}-sk_live_secret`,
        Cookie: `sid=c${i % 2}-sk_live_secret`,
        'X-Api-Key': `k${i % 2}-sk_live_secret`,
      },
    }));
    for (const format of ['typescript', 'zod', 'json-schema'] as const) {
      const text = generateTypes(echoes, { name: 'T', enums: true, taggedUnions: true, format });
      expect(text).not.toContain('sk_live_secret');
      expect(text).toContain('"closed"');
    }
  });

  it('never writes the values of a member whose name ends in a secret word (clientToken, github_token, webhook-secret), but keeps token_type', () => {
    const sessions = issues.map(({ state }, i) => ({
      state,
      token_type: i % 2 ? 'bearer' : 'mac',
      clientToken: `ct${i % 2}-sk_live_secret`,
      github_token: `gh${i % 2}-sk_live_secret`,
      'webhook-secret': `wh${i % 2}-sk_live_secret`,
      userPassword: `up${i % 2}-sk_live_secret`,
    }));
    expectNoSecretInAnyFormat(sessions);
    expect(generateTypes(sessions, { name: 'T', enums: true })).toBe(
      lines(
        'export type T = {',
        '  state: "open" | "closed";',
        '  token_type: "mac" | "bearer";',
        '  clientToken: string;',
        '  github_token: string;',
        '  "webhook-secret": string;',
        '  userPassword: string;',
        '}[];',
      ),
    );
  });

  it('never writes a value that reads as a credential, whatever its name (an API key, a JWT, a hex key, a Bearer value, a Slack token, an AWS key id)', () => {
    const secrets = [
      ['ghp_A1b2C3d4E5f6G7h8I9j0sk_live_secret', 'ghp_Z9y8X7w6V5u4T3s2R1q0sk_live_secret'],
      ['eyJhbGciOiJIUzI1NiJ9.sk_live_secret0', 'eyJhbGciOiJIUzI1NiJ9.sk_live_secret1'],
      ['0123456789abcdef0123sk_live_secret', 'fedcba9876543210fedcsk_live_secret'].map((hex) =>
        hex.slice(0, 20),
      ),
      ['Bearer abc1-sk_live_secret', 'Bearer xyz2-sk_live_secret'],
      ['xoxb-1234-sklivesecret', 'xoxp-5678-sklivesecret'],
      ['AKIAIOSFODNN7EXAMPLE', 'ASIAY34FZKBOKMUTVV7A'],
    ];
    const rows = issues.map(({ state }, i) => ({
      state,
      kind: i % 2 ? 'gpt-4o-mini-2024-07-18' : 'ORDER_STATUS_PENDING_2',
      value: secrets[0]?.[i % 2],
      id_token_like: secrets[1]?.[i % 2],
      hash: secrets[2]?.[i % 2],
      auth: secrets[3]?.[i % 2],
      slack: secrets[4]?.[i % 2],
      aws: secrets[5]?.[i % 2],
    }));
    for (const format of ['typescript', 'zod', 'json-schema'] as const) {
      for (const named of [false, true]) {
        const text = generateTypes(rows, { name: 'T', enums: true, taggedUnions: true, named, format });
        for (const pair of secrets) for (const secret of pair) expect(text).not.toContain(secret);
        expect(text).toContain('"closed"');
      }
    }
    expect(generateTypes(rows, { name: 'T', enums: true })).toBe(
      lines(
        'export type T = {',
        '  state: "open" | "closed";',
        '  kind: "ORDER_STATUS_PENDING_2" | "gpt-4o-mini-2024-07-18";',
        '  value: string;',
        '  id_token_like: string;',
        '  hash: string;',
        '  auth: string;',
        '  slack: string;',
        '  aws: string;',
        '}[];',
      ),
    );
  });

  it('parenthesizes a literal union inside an array, and rejects other strings in zod and ajv', () => {
    const value = { tags: ['a', 'b', 'a', 'b', 'a', 'b'] };
    expect(generateTypes(value, { name: 'T', enums: true })).toBe(
      lines('export interface T {', '  tags: ("a" | "b")[];', '}'),
    );
    const zod = schemaOf(
      loadZodModule(generateTypes(value, { name: 'T', enums: true, format: 'zod' })),
      'tSchema',
    );
    expect(zod.safeParse(value).success).toBe(true);
    expect(zod.safeParse({ tags: ['c'] }).success).toBe(false);
    const validate = createAjv().compile(
      JSON.parse(generateTypes(value, { name: 'T', enums: true, format: 'json-schema' })),
    );
    expect(validate(value)).toBe(true);
    expect(validate({ tags: ['c'] })).toBe(false);
  });
});

describe('taggedUnions', () => {
  const narrowing = [
    'declare const events: Events;',
    'events.forEach((e) => {',
    "  if (e.type === 'PushEvent') {",
    '    const commits: unknown[] = e.payload.commits;',
    '    commits.length;',
    '  }',
    '});',
  ].join('\n');

  it("makes GitHub's events a union on which `if (e.type === 'PushEvent') e.payload.commits` compiles", () => {
    const tagged = generateTypes(events, { name: 'events', taggedUnions: true });
    expect(compile(tagged, narrowing)).toEqual([]);
    // Without the option, every event has every payload member, optional: commits may be undefined.
    const merged = generateTypes(events, { name: 'events' });
    expect(compile(merged, narrowing).join('\n')).toContain('TS2322');
  });

  it('gives each variant its literal tag, named after it with named types', () => {
    const text = generateTypes(events, { name: 'events', taggedUnions: true, named: true });
    const types = [...new Set(events.map((event) => event.type))];
    const [push] = typesAt(text, 'EventsPushEvent', [['type']]);
    expect(push!.literals).toEqual(['PushEvent']);
    const [tag] = typesAt(text, 'Events', [['[]', 'type']]);
    expect([...tag!.literals!].sort()).toEqual(types.sort());
  });

  it("names a variant's members after the variant, in a top-level array as below a key", () => {
    const two = [
      { type: 'PushEvent', payload: { commits: [{ sha: 'a' }] } },
      { type: 'WatchEvent', payload: { action: 'started' } },
      { type: 'PushEvent', payload: { commits: [] } },
      { type: 'WatchEvent', payload: { action: 'started' } },
    ];
    const declared = (value: unknown) =>
      exportedNames(generateTypes(value, { name: 'events', taggedUnions: true, named: true }));
    expect(declared(two)).toEqual([
      'Events',
      'EventsPushEvent',
      'EventsPushEventPayload',
      'EventsPushEventPayloadCommits',
      'EventsWatchEvent',
      'EventsWatchEventPayload',
    ]);
    expect(declared({ items: two })).toEqual([
      'Events',
      'EventsItemsPushEvent',
      'EventsItemsPushEventPayload',
      'EventsItemsPushEventPayloadCommits',
      'EventsItemsWatchEvent',
      'EventsItemsWatchEventPayload',
    ]);
  });

  it('accepts the events in zod and JSON Schema, and rejects a push event without commits', () => {
    const zod = schemaOf(
      loadZodModule(generateTypes(events, { name: 'events', taggedUnions: true, format: 'zod' })),
      schemaName('Events'),
    );
    expect(zod.safeParse(events).success).toBe(true);
    const push = events.find((event) => event.type === 'PushEvent')!;
    const broken = [{ ...push, payload: { ...push.payload, commits: undefined } }];
    expect(zod.safeParse(broken).success).toBe(false);
    const validate = createAjv().compile(
      JSON.parse(generateTypes(events, { name: 'events', taggedUnions: true, format: 'json-schema' })),
    );
    expect(validate(events)).toBe(true);
    expect(validate(JSON.parse(JSON.stringify(broken)))).toBe(false);
  });

  it('keeps one object when the tag does not split the shapes', () => {
    const value = [
      { kind: 'a', n: 1 },
      { kind: 'b', n: 2 },
      { kind: 'a', n: 3 },
    ];
    expect(generateTypes(value, { name: 'T', taggedUnions: true })).toBe(
      lines('export type T = {', '  kind: string;', '  n: number;', '}[];'),
    );
  });
});

describe('integers', () => {
  const value = { count: 3, ratio: 0.5, ids: [1, 2, 3], mixed: [1, 2.5], big: 2 ** 60 };

  it('writes z.int() and "type": "integer" only for members that were always safe integers', () => {
    const zod = generateTypes(value, { name: 'T', integers: true, format: 'zod' });
    expect(zod).toContain('  count: z.int(),\n');
    expect(zod).toContain('  ratio: z.number(),\n');
    expect(zod).toContain('  ids: z.array(z.int()),\n');
    expect(zod).toContain('  mixed: z.array(z.number()),\n');
    expect(zod).toContain('  big: z.number(),\n');
    const schema = JSON.parse(generateTypes(value, { name: 'T', integers: true, format: 'json-schema' }));
    expect(schema.properties).toEqual({
      count: { type: 'integer' },
      ratio: { type: 'number' },
      ids: { type: 'array', items: { type: 'integer' } },
      mixed: { type: 'array', items: { type: 'number' } },
      big: { type: 'number' },
    });
  });

  it('accepts the value and rejects a fraction where integers were seen, in zod and ajv; TypeScript stays number', () => {
    const zod = schemaOf(
      loadZodModule(generateTypes(value, { name: 'T', integers: true, format: 'zod' })),
      'tSchema',
    );
    expect(zod.safeParse(value).success).toBe(true);
    expect(zod.safeParse({ ...value, count: 3.5 }).success).toBe(false);
    const validate = createAjv().compile(
      JSON.parse(generateTypes(value, { name: 'T', integers: true, format: 'json-schema' })),
    );
    expect(validate(value)).toBe(true);
    expect(validate({ ...value, count: 3.5 })).toBe(false);
    expect(generateTypes(value, { name: 'T', integers: true })).toBe(generateTypes(value, { name: 'T' }));
  });
});

/**
 * In every format, named or not, with enums and tagged unions on: no value planted as `sk_live_secret`
 * is written, while the other member (`state`) still becomes a literal union.
 */
function expectNoSecretInAnyFormat(sessions: unknown): void {
  for (const format of ['typescript', 'zod', 'json-schema'] as const) {
    for (const named of [false, true]) {
      const text = generateTypes(sessions, { name: 'T', enums: true, taggedUnions: true, named, format });
      expect(text).not.toContain('sk_live_secret');
      expect(text).toContain('"closed"');
    }
  }
}
