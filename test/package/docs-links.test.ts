// Every relative link to a file (`docs/client.md`, `../README.md`) and every heading anchor (`#retry`,
// `client.md#abort`) of README.md, CHANGELOG.md, BENCHMARKS.md and docs/*.md resolves, with GitHub's
// slug rules as remark-validate-links implements them (docs/architecture.md, "How the docs' examples
// are checked", its last paragraph). Offline: `repository: false` keeps the plugin from asking git for
// a remote, so full https:// links are left alone and only local targets are checked.
//
// The plugin checks an anchor in another file only when it runs over a set of files (as remark-cli
// does): the `FileSet` below is that set, the minimal part of unified-engine's that the plugin uses
// (`use` registers the completer that checks every reference once all files are parsed, `add` queues a
// linked file so that its headings are known).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { remark } from 'remark';
import remarkValidateLinks from 'remark-validate-links';
import { read } from 'to-vfile';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.js';

const MARKDOWN = [
  'README.md',
  'CHANGELOG.md',
  'BENCHMARKS.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`),
].filter((file) => existsSync(path.join(ROOT, file)));

type VFile = Awaited<ReturnType<typeof read>>;
type Completer = (set: { valueOf(): VFile[] }) => Promise<void>;

/** The files of one run, in the order they were added, and the plugin's completer. */
class FileSet {
  readonly files = new Map<string, VFile>();
  readonly queue: string[] = [];
  completer: Completer | undefined;

  use(completer: Completer): this {
    this.completer = completer;
    return this;
  }

  add(file: VFile | string): this {
    const relative = typeof file === 'string' ? file : (file.path ?? '');
    const absolute = path.resolve(ROOT, relative);
    if (!this.queue.includes(absolute)) this.queue.push(absolute);
    return this;
  }
}

/** Broken links per markdown file, each as `file:line:column: reason`. */
async function brokenLinks(): Promise<Map<string, string[]>> {
  const set = new FileSet();
  const processor = remark().use(remarkValidateLinks, { repository: false, root: ROOT }, set as never);
  for (const file of MARKDOWN) set.add(file);
  // A linked file is parsed too (for its headings) but only the files of MARKDOWN are reported on.
  for (let index = 0; index < set.queue.length; index++) {
    const absolute = set.queue[index]!;
    if (!existsSync(absolute) || !absolute.endsWith('.md')) continue;
    const file = await read({ path: path.relative(ROOT, absolute), cwd: ROOT });
    await processor.run(processor.parse(file), file);
    set.files.set(absolute, file);
  }
  await set.completer?.({ valueOf: () => [...set.files.values()] });
  const result = new Map<string, string[]>();
  for (const [absolute, file] of set.files) {
    const name = path.relative(ROOT, absolute).split(path.sep).join('/');
    result.set(
      name,
      file.messages.map((m) => `${name}:${m.line}:${m.column}: ${m.reason}`),
    );
  }
  return result;
}

describe('links and heading anchors in the docs', () => {
  let broken: Map<string, string[]>;
  beforeAll(async () => {
    broken = await brokenLinks();
  });

  it('checks README.md, CHANGELOG.md and every docs/*.md', () => {
    expect(MARKDOWN).toContain('README.md');
    expect(MARKDOWN).toContain('CHANGELOG.md');
    expect(MARKDOWN).toContain('docs/client.md');
    expect(MARKDOWN.filter((file) => file.startsWith('docs/')).length).toBe(
      readdirSync(path.join(ROOT, 'docs')).filter((file) => file.endsWith('.md')).length,
    );
  });

  for (const file of MARKDOWN) {
    it(`${file}: every relative link and heading anchor resolves`, () => {
      expect(broken.get(file)).toEqual([]);
    });
  }
});
