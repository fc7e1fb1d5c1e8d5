import { describe, expect, it } from 'vitest';
import { generateInputTypesFromSamples, generateTypesFromSamples } from '../../src/typegen/samples.js';

// Types of values the caller writes (request bodies): an optional member also takes undefined.

const samples = [
  { title: 'a', note: 'n', tags: [{ name: 'x', color: 'red' }], meta: { source: 'web', draft: true } },
  { title: 'b', due: null, tags: [{ name: 'y' }] },
];

describe('generateInputTypesFromSamples', () => {
  it('adds undefined to every optional member, at every depth, and to nothing else', () => {
    expect(generateInputTypesFromSamples(samples, { name: 'body' })).toBe(
      [
        'export interface Body {',
        '  title: string;',
        '  note?: string | undefined;',
        '  tags: {',
        '    name: string;',
        '    color?: string | undefined;',
        '  }[];',
        '  meta?: {',
        '    source: string;',
        '    draft: boolean;',
        '  } | undefined;',
        '  due?: null | undefined;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('names nested types as the output types do, with undefined added in them too', () => {
    expect(generateInputTypesFromSamples(samples, { name: 'body', named: true })).toBe(
      [
        'export interface Body {',
        '  title: string;',
        '  note?: string | undefined;',
        '  tags: BodyTags[];',
        '  meta?: BodyMeta | undefined;',
        '  due?: null | undefined;',
        '}',
        '',
        'export interface BodyTags {',
        '  name: string;',
        '  color?: string | undefined;',
        '}',
        '',
        'export interface BodyMeta {',
        '  source: string;',
        '  draft: boolean;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('leaves the output types as they were', () => {
    expect(generateTypesFromSamples(samples, { name: 'body' })).toContain('  note?: string;\n');
  });
});
