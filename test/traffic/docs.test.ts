// docs/traffic.md's naming table is what templatePaths gives: each row's traffic, templated together.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outlineOf } from '../../src/traffic/similar.js';
import { templatePaths } from '../../src/traffic/template.js';

const doc = readFileSync(path.join(import.meta.dirname, '../../docs/traffic.md'), 'utf8');
const section = doc.slice(doc.indexOf('## How parameters are named'), doc.indexOf('## Files and type names'));
const rows = [...section.matchAll(/^\| (`\/.*?) \| `(\/[^`]*)` +\|$/gm)].map(([, traffic, template]) => ({
  paths: [...traffic!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
  template: template!,
}));

describe('docs/traffic.md', () => {
  it('has the naming table', () => {
    expect(rows.length).toBe(6);
  });

  it.each(rows)('templates $paths as $template', ({ paths, template }) => {
    const outline = outlineOf([{ id: 1, name: 'x' }]);
    const templates = templatePaths(
      paths.map((p) => ({ segments: p.split('/').filter((segment) => segment !== ''), outline })),
    );
    expect(templates.map((t) => t.template)).toEqual(paths.map(() => template));
  });
});
