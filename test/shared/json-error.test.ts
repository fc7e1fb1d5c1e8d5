import { describe, expect, it } from 'vitest';
import { jsonErrorMessage } from '../../src/shared/json-error.js';
import { parserMessage } from '../helpers/parser-message.js';

const messageOf = (text: string): string => jsonErrorMessage(new SyntaxError(parserMessage(text)));

describe('jsonErrorMessage', () => {
  it.each([
    ['{"token": sk_live_1}', "Unexpected token 's'", 'sk_live_1'],
    ['mytoken123', "Unexpected token 'm'", 'mytoken123'],
    ['{"password": hunter2, "user": "x"}', "Unexpected token 'h'", 'hunter2'],
    ["'secret'", "Unexpected token '''", 'secret'],
    ['[1,,"secret"]', "Unexpected token ','", 'secret'],
  ])('leaves out the excerpt V8 quotes from %j', (text, message, secret) => {
    // The platform's own message quotes the text; the one shown does not.
    expect(parserMessage(text)).toContain(secret);
    expect(messageOf(text)).toBe(message);
  });

  it('keeps a message that quotes nothing as it is, position included', () => {
    expect(messageOf('{"a":1')).toBe(parserMessage('{"a":1'));
    expect(messageOf('{"a":1')).toMatch(/^Expected ',' or '}' after property value in JSON at position 6/);
  });

  it('takes a thrown value that is not an Error', () => {
    expect(jsonErrorMessage('broken')).toBe('broken');
  });
});
