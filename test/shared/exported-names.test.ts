import { describe, expect, it } from 'vitest';
import { exportedNames } from '../../src/shared/exported-names.js';
import { generateTypes } from '../../src/typegen/generate.js';

describe('exportedNames', () => {
  const value = { id: 1, address: { city: 'Oslo' } };

  it('lists the declarations of generated TypeScript, in order', () => {
    expect(exportedNames(generateTypes(value, { name: 'user', named: true }))).toEqual([
      'User',
      'UserAddress',
    ]);
  });

  it('lists the schemas and types of a generated zod module', () => {
    expect(exportedNames(generateTypes(value, { name: 'user', named: true, format: 'zod' }))).toEqual([
      'userAddressSchema',
      'UserAddress',
      'userSchema',
      'User',
    ]);
  });

  it('ignores what is not a declaration at the start of a line', () => {
    expect(
      exportedNames('// export interface Nope {}\nimport { z } from "zod";\n  export type Indented = 1;\n'),
    ).toEqual([]);
  });
});
