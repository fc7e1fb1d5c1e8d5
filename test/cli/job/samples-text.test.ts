import { describe, expect, it } from 'vitest';
import { RunError } from '../../../src/cli/errors.js';
import { formatOfContentType, formatOfPath, parseSamples } from '../../../src/cli/job/samples-text.js';
import { parserMessage } from '../../helpers/parser-message.js';

describe('parseSamples', () => {
  it('reads one JSON document as one sample, a byte-order mark ignored', () => {
    expect(parseSamples('\ufeff{"a":[1,\n2]}', 'auto')).toEqual([{ a: [1, 2] }]);
  });

  it('reads JSON Lines as one sample per non-blank line', () => {
    expect(parseSamples('{"a":1}\n\n  {"a":null}  \r\n[1]\n', 'json-lines')).toEqual([
      { a: 1 },
      { a: null },
      [1],
    ]);
    // One line is one sample even when it is a whole document.
    expect(parseSamples('{"a":1}', 'json-lines')).toEqual([{ a: 1 }]);
  });

  it('auto: falls back to lines when the text is not one document but every line is', () => {
    expect(parseSamples('{"a":1}\n{"b":2}\n', 'auto')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('auto: keeps the parser message of the whole text when the lines do not all parse', () => {
    expect(() => parseSamples('<!doctype html>\n<p>hi</p>', 'auto')).toThrow(
      new RunError(parserMessage('<!doctype html>\n<p>hi</p>')),
    );
    expect(() => parseSamples('{"a":1}\n{"b":', 'auto')).toThrow(
      new RunError(parserMessage('{"a":1}\n{"b":')),
    );
  });

  it('says an empty text (or one of blanks) is empty, in place of the parser message', () => {
    for (const text of ['', ' \r\n\t', '\ufeff']) {
      expect(() => parseSamples(text, 'auto')).toThrow(
        new RunError('empty input, no JSON to infer a type from'),
      );
    }
  });

  it('json-lines: names the line that does not parse', () => {
    expect(() => parseSamples('{"a":1}\n\n{"a":', 'json-lines')).toThrow(
      new RunError(`line 3: ${parserMessage('{"a":')}`),
    );
    expect(() => parseSamples(' \n\n', 'json-lines')).toThrow(
      new RunError('no JSON Lines records (every line is blank)'),
    );
  });
});

describe('formats', () => {
  it('reads .jsonl and .ndjson files as JSON Lines, any case; other files decide by content', () => {
    expect([
      formatOfPath('a.jsonl'),
      formatOfPath('b.NDJSON'),
      formatOfPath('c.json'),
      formatOfPath('d'),
    ]).toEqual(['json-lines', 'json-lines', 'auto', 'auto']);
  });

  it('reads NDJSON and JSON Lines media types as JSON Lines', () => {
    expect(
      [
        'application/x-ndjson',
        'application/ndjson; charset=utf-8',
        'application/jsonl',
        'application/json',
        null,
      ].map(formatOfContentType),
    ).toEqual(['json-lines', 'json-lines', 'json-lines', 'auto', 'auto']);
  });
});
