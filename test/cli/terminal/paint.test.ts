import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath, painter, paintersFor, wantsColor } from '../../../src/cli/terminal/paint.js';

describe('wantsColor', () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [true, { NO_COLOR: '1' }, false],
    [true, { NO_COLOR: '' }, true],
    [false, { FORCE_COLOR: '1' }, true],
    [true, { FORCE_COLOR: '0' }, false],
    [true, { FORCE_COLOR: 'false', NO_COLOR: '' }, false],
    [false, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
  ])('terminal %s with %j -> %s', (isTTY, env, expected) => {
    expect(wantsColor(isTTY, env)).toBe(expected);
  });
});

describe('painter and paintersFor', () => {
  it('wraps whole lines in ANSI colours, or leaves them alone', () => {
    expect(painter(true).error('x')).toBe('\u001b[31mx\u001b[39m');
    expect(painter(false).error('x')).toBe('x');
  });

  it('chooses each stream on its own', () => {
    const { out, err } = paintersFor({ isTTY: { stdout: true, stderr: false }, env: {} });
    expect([out.success('ok'), err.success('ok')]).toEqual(['\u001b[32mok\u001b[39m', 'ok']);
  });
});

describe('displayPath', () => {
  it('is relative inside the working folder and absolute outside it', () => {
    const cwd = path.resolve('/work/app');
    expect(displayPath(cwd, path.join(cwd, 'src', 'types', 'users.ts'))).toBe(
      path.join('src', 'types', 'users.ts'),
    );
    expect(displayPath(cwd, path.resolve('/work/other/users.ts'))).toBe(path.resolve('/work/other/users.ts'));
    expect(displayPath(cwd, cwd)).toBe(cwd);
  });
});
