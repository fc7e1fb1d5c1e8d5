import { describe, expect, it } from 'vitest';
import { escapeControls } from '../../../src/cli/terminal/escape.js';

describe('escapeControls', () => {
  it('writes line breaks as \\n and \\r, other controls as \\u escapes, and keeps tab and printable text', () => {
    expect(escapeControls('a\nb\r\nc\td\u001b[2Je\u0000f\u007fg\u009bh é€😀')).toBe(
      'a\\nb\\r\\nc\td\\u001b[2Je\\u0000f\\u007fg\\u009bh é€😀',
    );
  });
});
