// The tokens of a generated declaration file: names, strings (decoded), numbers, punctuation.
// Whitespace and comments are skipped, but a line break is remembered: it may end a member.
/** The file is not in a form the reader knows; --check then compares lines. */
export class ParseError extends Error {
  override name = 'ParseError' as const;
}

type TokenKind = 'ident' | 'string' | 'number' | 'punct' | 'eof';
export interface Token {
  readonly kind: TokenKind;
  /** Identifier name, decoded string, number text or punctuation character. */
  readonly text: string;
  /** A line break follows it: it may end a member, as `;` does. */
  newlineAfter?: boolean;
}

const IDENT = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const NUMBER = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
const SPACE_OR_COMMENT = /(\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)+/y;
const PUNCT = new Set(['{', '}', '(', ')', '[', ']', '|', ';', ':', '?', '=', '<', '>', ',']);
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', 0: '\0' };

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  let lineBreak = false;
  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    const found = pattern.exec(text)?.[0];
    if (found !== undefined) at += found.length;
    return found;
  };
  while (at < text.length) {
    const space = match(SPACE_OR_COMMENT);
    if (space !== undefined) {
      if (space.includes('\n')) lineBreak = true;
      continue;
    }
    if (lineBreak && tokens.length > 0) tokens[tokens.length - 1]!.newlineAfter = true;
    lineBreak = false;
    const char = text[at]!;
    const ident = match(IDENT);
    if (ident !== undefined) tokens.push({ kind: 'ident', text: ident });
    else if (char === '"' || char === "'") tokens.push({ kind: 'string', text: readString() });
    else if (/[-\d]/.test(char)) {
      const number = match(NUMBER);
      if (number === undefined) throw new ParseError(`unexpected "-" at offset ${at}`);
      tokens.push({ kind: 'number', text: number });
    } else if (PUNCT.has(char)) {
      tokens.push({ kind: 'punct', text: char });
      at++;
    } else throw new ParseError(`unexpected ${JSON.stringify(char)} at offset ${at}`);
  }
  tokens.push({ kind: 'eof', text: '' });
  return tokens;

  function readString(): string {
    const quote = text[at++];
    let value = '';
    while (at < text.length && text[at] !== quote) {
      const char = text[at++]!;
      if (char === '\n') break;
      if (char !== '\\') {
        value += char;
        continue;
      }
      const escaped = text[at++] ?? '';
      const hex =
        escaped === 'u' ? /^(\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/.exec(text.slice(at))?.[0] : undefined;
      if (hex !== undefined) {
        at += hex.length;
        value += String.fromCodePoint(Number.parseInt(hex.replace(/[{}]/g, ''), 16));
      } else if (escaped === 'x' && /^[0-9a-fA-F]{2}/.test(text.slice(at))) {
        value += String.fromCharCode(Number.parseInt(text.slice(at, at + 2), 16));
        at += 2;
      } else value += ESCAPES[escaped] ?? escaped;
    }
    if (text[at] !== quote) throw new ParseError('unterminated string');
    at++;
    return value;
  }
}

export function shown(token: Token): string {
  return token.kind === 'eof' ? 'the end' : `"${token.text}"`;
}
