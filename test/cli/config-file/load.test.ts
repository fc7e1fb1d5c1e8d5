import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/cli/config-file/load.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

// Non-ASCII text too, so a decoding that only happens to work on ASCII would show.
const CONFIG = { out: 'src/api', endpoints: [{ name: 'café', url: 'https://api.example.com/users' }] };
const TEXT = JSON.stringify(CONFIG, null, 2);

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => removeDir(dir));

async function load(bytes: Uint8Array): Promise<unknown> {
  const file = path.join(dir, 'typefetch.config.json');
  await writeFile(file, bytes);
  return loadConfig(file, 'typefetch.config.json');
}

/** UTF-16 big-endian: Node's Buffer writes only little-endian, so swap each pair. */
function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

describe('loadConfig of a JSON file', () => {
  it('reads UTF-8, with or without a byte-order mark', async () => {
    expect(await load(Buffer.from(TEXT, 'utf8'))).toEqual(CONFIG);
    expect(await load(Buffer.from(`\uFEFF${TEXT}`, 'utf8'))).toEqual(CONFIG);
  });

  it('reads UTF-16 little-endian with its byte-order mark (Windows editors, PowerShell)', async () => {
    expect(await load(Buffer.from(`\uFEFF${TEXT}`, 'utf16le'))).toEqual(CONFIG);
  });

  it('reads UTF-16 big-endian with its byte-order mark', async () => {
    expect(await load(utf16be(`\uFEFF${TEXT}`))).toEqual(CONFIG);
  });
});
