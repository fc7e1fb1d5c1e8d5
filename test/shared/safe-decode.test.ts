import { describe, expect, it } from 'vitest';
import { safeDecode } from '../../src/shared/safe-decode.js';

describe('safeDecode', () => {
  it('percent-decodes', () => {
    expect(safeDecode('caf%C3%A9%2Fx')).toBe('café/x');
  });

  it('keeps a malformed escape as written instead of throwing', () => {
    expect(safeDecode('p%zzw')).toBe('p%zzw');
    expect(safeDecode('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
