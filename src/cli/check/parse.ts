// Reads the declarations of a generated type file back into a small tree, so `--check` can say which
// members changed. It understands what the generator writes (interfaces, type aliases, inline object
// types, arrays, unions, parentheses, quoted keys, generic references such as `Record<string, unknown>`)
// and a little more a formatter or a hand may add (`readonly`, commas, single quotes, comments).
// Anything else is a ParseError, and `--check` falls back to comparing lines.

export type TsType =
  | { readonly kind: 'ref'; readonly name: string; readonly args: readonly TsType[] }
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'array'; readonly element: TsType }
  | { readonly kind: 'union'; readonly members: readonly TsType[] }
  | { readonly kind: 'object'; readonly members: readonly TsMember[] };

export interface TsMember {
  /** The key as the JSON had it (quotes and escapes decoded). */
  readonly key: string;
  readonly optional: boolean;
  readonly readonly: boolean;
  readonly type: TsType;
}

export interface TsDeclaration {
  readonly name: string;
  readonly form: 'interface' | 'type';
  /** For an interface, always an object. */
  readonly type: TsType;
}

import { ParseError, shown, type Token, tokenize } from './tokens.js';

export { ParseError } from './tokens.js';

/** Every declaration of `text` (the file without its header comments), in order. */
export function parseDeclarations(text: string): TsDeclaration[] {
  const tokens = tokenize(text);
  let index = 0;
  const peek = (offset = 0): Token => tokens[Math.min(index + offset, tokens.length - 1)]!;
  const next = (): Token => tokens[Math.min(index++, tokens.length - 1)]!;
  const is = (text: string, offset = 0): boolean => {
    const token = peek(offset);
    return (token.kind === 'punct' || token.kind === 'ident') && token.text === text;
  };
  const expect = (text: string): void => {
    const token = next();
    if (token.text !== text || (token.kind !== 'punct' && token.kind !== 'ident')) {
      throw new ParseError(`expected "${text}", found ${shown(token)}`);
    }
  };
  const identifier = (): string => {
    const token = next();
    if (token.kind !== 'ident') throw new ParseError(`expected a name, found ${shown(token)}`);
    return token.text;
  };

  const declarations: TsDeclaration[] = [];
  while (peek().kind !== 'eof') {
    if (is('export')) next();
    if (is('interface')) {
      next();
      const name = identifier();
      declarations.push({ name, form: 'interface', type: objectType() });
    } else {
      expect('type');
      const name = identifier();
      expect('=');
      declarations.push({ name, form: 'type', type: type() });
    }
    while (is(';')) next();
  }
  return declarations;

  function type(): TsType {
    if (is('|')) next();
    const members = [postfix()];
    while (is('|')) {
      next();
      members.push(postfix());
    }
    return members.length === 1 ? members[0]! : { kind: 'union', members };
  }

  function postfix(): TsType {
    let result = primary();
    while (is('[') && is(']', 1)) {
      index += 2;
      result = { kind: 'array', element: result };
    }
    return result;
  }

  function primary(): TsType {
    if (is('{')) return objectType();
    if (is('(')) {
      next();
      const inner = type();
      expect(')');
      return inner;
    }
    const token = next();
    if (token.kind === 'string') return { kind: 'literal', text: JSON.stringify(token.text) };
    if (token.kind === 'number') return { kind: 'literal', text: token.text };
    if (token.kind !== 'ident') throw new ParseError(`expected a type, found ${shown(token)}`);
    const args: TsType[] = [];
    if (is('<')) {
      next();
      do {
        if (is(',')) next();
        args.push(type());
      } while (is(','));
      expect('>');
    }
    return { kind: 'ref', name: token.text, args };
  }

  function objectType(): TsType {
    expect('{');
    const members: TsMember[] = [];
    while (!is('}')) {
      // `readonly` is a modifier unless it is the key itself (`readonly: boolean;`).
      const isModifier = is('readonly') && !is(':', 1) && !is('?', 1);
      if (isModifier) next();
      const keyToken = next();
      if (keyToken.kind !== 'ident' && keyToken.kind !== 'string' && keyToken.kind !== 'number') {
        throw new ParseError(`expected a member name, found ${shown(keyToken)}`);
      }
      const optional = is('?');
      if (optional) next();
      expect(':');
      members.push({ key: keyToken.text, optional, readonly: isModifier, type: type() });
      if (is(';') || is(',')) next();
      else if (!is('}') && !peek(-1).newlineAfter)
        throw new ParseError(`expected ";" after member "${keyToken.text}"`);
    }
    expect('}');
    return { kind: 'object', members };
  }
}
