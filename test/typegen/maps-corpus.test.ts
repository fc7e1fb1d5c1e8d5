// Records stay records: on the quicktype corpus (real API responses, GitHub's among them), map detection
// turns exactly these positions into `Record<string, T>`, each reviewed by hand: all are keyed by ids,
// file names or generated words, none is a record with named members.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { infer } from '../../src/typegen/infer.js';
import { detectMaps } from '../../src/typegen/maps.js';
import type { TypeNode } from '../../src/typegen/model.js';

const corpus = join(import.meta.dirname, '../fixtures/corpus');
const files = readdirSync(corpus, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.json'))
  .sort();

/** `file path` of every map node: `$` the top level, `.key` a member, `[]` an element, `{}` a map value. */
function mapPaths(node: TypeNode, path: string, file: string, out: string[]): string[] {
  switch (node.kind) {
    case 'map':
      out.push(`${file} ${path}`);
      mapPaths(node.value, `${path}{}`, file, out);
      break;
    case 'object':
      for (const [key, field] of node.fields) mapPaths(field.type, `${path}.${key}`, file, out);
      break;
    case 'array':
      if (node.element) mapPaths(node.element, `${path}[]`, file, out);
      break;
    case 'union':
      for (const member of node.members) mapPaths(member, path, file, out);
      break;
    default:
  }
  return out;
}

const EXPECTED_MAPS = [
  // Keyed by emoticon ids.
  'quicktype/bug855-short.json $',
  // Keyed by currency pairs (`BTC_ETH`), 20+ keys of one object shape.
  'quicktype/coin-pairs.json $.pairs',
  // Generated words, each holding an array (a dictionary of test cases).
  'quicktype/combinations3.json $',
  'quicktype/kitchen-sink.json $.mapValue',
  'quicktype/kitchen-sink.json $.nullableMapValue',
  // Basketball statistics keyed by team number, player number, rank.
  'quicktype/nbl-stats.json $.tm',
  'quicktype/nbl-stats.json $.tm{}.pl',
  'quicktype/nbl-stats.json $.tm{}.lds.sBlocks',
  'quicktype/nbl-stats.json $.tm{}.lds.sSteals',
  'quicktype/nbl-stats.json $.tm{}.lds.sAssists',
  'quicktype/nbl-stats.json $.tm{}.lds.sReboundsTotal',
  'quicktype/nbl-stats.json $.tm{}.lds.sPoints',
  'quicktype/nbl-stats.json $.scorers',
  'quicktype/nbl-stats.json $.totallds.sBlocks',
  'quicktype/nbl-stats.json $.totallds.sSteals',
  'quicktype/nbl-stats.json $.totallds.sAssists',
  'quicktype/nbl-stats.json $.totallds.sReboundsTotal',
  'quicktype/nbl-stats.json $.totallds.sPoints',
  // Keyed by test file names (`y_array_empty.json`), each holding an array.
  'quicktype/nst-test-suite.json $',
  // Keyed by year.
  'quicktype/us-avg-temperatures.json $.data',
];

describe('map detection on the corpus of real JSON', () => {
  const found = (extra: { enums?: boolean; taggedUnions?: boolean } = {}) =>
    files.flatMap((file) => {
      const value = JSON.parse(readFileSync(join(corpus, file), 'utf8')) as unknown;
      return mapPaths(infer(value, 64, { maps: true, ...extra }).model, '$', file, []);
    });

  it('makes maps of exactly the reviewed positions, and none in the GitHub files', () => {
    const maps = found();
    expect(maps).toEqual(EXPECTED_MAPS);
    expect(files.filter((file) => file.includes('github')).length).toBeGreaterThanOrEqual(1);
    expect(maps.filter((path) => path.includes('github'))).toEqual([]);
  });

  it('finds the same positions after inference (detectMaps on the merged model), but one judged early', () => {
    const after = files.flatMap((file) => {
      const value = JSON.parse(readFileSync(join(corpus, file), 'utf8')) as unknown;
      return mapPaths(detectMaps(infer(value, 64).model), '$', file, []);
    });
    // nst-test-suite's 93 file names hold 75 arrays and 18 other values: during inference its first 20
    // keys, all arrays, already made it a dictionary; judged on all 93 afterwards, the kinds are mixed.
    expect(after).toEqual(EXPECTED_MAPS.filter((path) => !path.startsWith('quicktype/nst-test-suite')));
  });

  it('finds the same positions with enums and tagged unions on', () => {
    expect(found({ enums: true, taggedUnions: true })).toEqual(EXPECTED_MAPS);
  });
});
