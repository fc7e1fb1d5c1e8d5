import { RunError } from '../errors.js';
import { escapeControls } from '../terminal/escape.js';

/** How to read a text: as one JSON document, as JSON Lines (one document per line), or whichever fits. */
export type JsonFormat = 'json' | 'json-lines' | 'auto';

// https://jsonlines.org and the NDJSON spelling, for files and for a response's Content-Type.
const JSON_LINES_EXTENSION = /\.(jsonl|ndjson)$/i;
const JSON_LINES_MEDIA_TYPE = /^application\/(x-)?(ndjson|jsonl|json-lines|jsonlines)\b/i;

export function formatOfPath(path: string): JsonFormat {
  return JSON_LINES_EXTENSION.test(path) ? 'json-lines' : 'auto';
}

export function formatOfContentType(contentType: string | null): JsonFormat {
  return contentType !== null && JSON_LINES_MEDIA_TYPE.test(contentType.trim()) ? 'json-lines' : 'auto';
}

/**
 * The text of a sample file, of stdin or of a JSON config file: UTF-8, unless a UTF-16 byte-order mark
 * starts it (Windows PowerShell's `>` and `Out-File` write UTF-16), which read as UTF-8 would be
 * `Unexpected token '�'`.
 */
export function decodeSampleBytes(bytes: Uint8Array): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  // A UTF-8 byte-order mark is kept, for parseSamples to drop as it drops one in any text.
  return new TextDecoder(encoding, { ignoreBOM: encoding === 'utf-8' }).decode(bytes);
}

/**
 * The samples a text holds. `json`: one document, the parser's own message on failure. `json-lines`:
 * every non-blank line is a document (`line 3: <parser message>` on failure). `auto`: one document; when
 * that fails but every non-blank line of two or more parses on its own, those lines. Otherwise the
 * whole-document message stands, so an HTML page still reports `Unexpected token '<'...`. An empty text
 * (or blanks only) is an error that says so.
 */
export function parseSamples(text: string, format: JsonFormat): unknown[] {
  // A byte-order mark is not JSON, but editors on Windows like to write one.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (format === 'json-lines') return parseLines(body);
  // `Unexpected end of JSON input` would not say that nothing came (a `curl -s` that failed, piped in).
  if (body.trim() === '') throw new RunError('empty input, no JSON to infer a type from');
  try {
    return [JSON.parse(body) as unknown];
  } catch (error) {
    if (format === 'auto') {
      const lines = nonBlankLines(body);
      if (lines.length >= 2 && lines.every(({ text: line }) => parses(line))) return parseLines(body);
    }
    throw new RunError(parserMessage(error));
  }
}

/**
 * The parser's message on one line: it quotes the text where it stopped, line breaks and other control
 * characters included (`"<html>\n<he"...`), which are written as escapes.
 */
function parserMessage(error: unknown): string {
  return escapeControls((error as Error).message);
}

function parseLines(text: string): unknown[] {
  const samples: unknown[] = [];
  for (const { text: line, number } of nonBlankLines(text)) {
    try {
      samples.push(JSON.parse(line));
    } catch (error) {
      throw new RunError(`line ${number}: ${parserMessage(error)}`);
    }
  }
  if (samples.length === 0) throw new RunError('no JSON Lines records (every line is blank)');
  return samples;
}

function nonBlankLines(text: string): { text: string; number: number }[] {
  return text
    .split('\n')
    .map((line, index) => ({ text: line.trim(), number: index + 1 }))
    .filter((line) => line.text !== '');
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
