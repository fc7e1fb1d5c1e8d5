// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings hold the config file's ${VAR} placeholders.
import { describe, expect, it } from 'vitest';
import { checkTemplate, substitute } from '../../../src/cli/config-file/env.js';

describe('substitute', () => {
  it('fills in every ${NAME} and returns the values used; $${ is a literal ${', () => {
    expect(substitute('Bearer ${TOKEN}, $${KEEP}', { TOKEN: 'tk_1' }, 'Authorization')).toEqual({
      value: 'Bearer tk_1, ${KEEP}',
      used: ['tk_1'],
    });
  });

  it.each([{}, { TOKEN: '' }])(
    'names the header and the variable, never a value, when it is missing: %j',
    (env) => {
      expect(() => substitute('Bearer ${TOKEN}', env, 'Authorization')).toThrow(
        'header "Authorization" needs the environment variable TOKEN, which is not set or is empty',
      );
    },
  );
});

describe('checkTemplate', () => {
  it('refuses an unclosed ${ and a name that is no variable name', () => {
    expect(() => checkTemplate('Bearer ${TOKEN', 'headers["X"]')).toThrow(
      'headers["X"] has a "${" without its closing "}"',
    );
    expect(() => checkTemplate('${1A}', 'headers["X"]')).toThrow(
      'headers["X"] refers to "${1A}", which is not a valid environment variable name',
    );
  });
});
