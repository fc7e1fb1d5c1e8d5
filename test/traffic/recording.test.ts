// The HAR fixtures are real recordings of the sample API on loopback: one through Node's fetch (the
// test recorder), one exported by headless Chromium. These tests record both again and check that the
// committed files give the same endpoints and the same types. `RECORD_HAR=1` rewrites the fixtures.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveEach } from '../helpers/server.js';
import { recordBrowserHar } from './helpers/browser-har.js';
import { outputsOf } from './helpers/outputs.js';
import { recordHar } from './helpers/record-har.js';
import { SAMPLE_REQUESTS, sampleApi, samplePage } from './helpers/sample-api.js';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/har');
const RECORD = process.env['RECORD_HAR'] === '1';
const serve = serveEach();

function sameTraffic(recorded: string, committed: string): void {
  const fresh = outputsOf(recorded);
  const fixture = outputsOf(committed);
  expect(fresh.traffic.endpoints.map((endpoint) => endpoint.key)).toEqual(
    fixture.traffic.endpoints.map((endpoint) => endpoint.key),
  );
  expect(fresh.traffic.skipped).toEqual(fixture.traffic.skipped);
  expect(fresh.types.map((types) => types.typescript)).toEqual(
    fixture.types.map((types) => types.typescript),
  );
  expect(fresh.files['index.ts']).toBe(fixture.files['index.ts']);
}

function commit(name: string, text: string): string {
  const file = path.join(FIXTURES, name);
  if (RECORD) writeFileSync(file, text);
  return readFileSync(file, 'utf8');
}

describe('HAR fixtures recorded from loopback servers', () => {
  it('loopback.har: the recorder gives the same endpoints and types again', async () => {
    const server = await serve(sampleApi(samplePage()));
    const har = `${JSON.stringify(await recordHar(server.url, SAMPLE_REQUESTS), null, 2)}\n`;
    sameTraffic(har, commit('loopback.har', har));
  });

  it('chromium.har: headless Chromium gives the same endpoints and types again', async () => {
    const server = await serve(sampleApi(samplePage()));
    const har = await recordBrowserHar(`${server.url}/`);
    sameTraffic(har, commit('chromium.har', har));
  });
});
