import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// A file name the endpoint derivation can produce: no separator, no dot, nothing empty.
const SAFE_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Writes `<outDir>/<name><extension>` (`.ts` unless told otherwise) atomically: the text goes to a temporary file in the same folder, then a
 * rename replaces the target in one step, so a reader never sees half a file and a failed run leaves the
 * old file intact. Creates the folder when missing. Returns the absolute path written.
 *
 * `name` comes from the URL, so it is checked twice: against the allowed characters, and by resolving
 * the target and requiring its folder to be exactly `outDir`.
 */
export async function writeTypesFile(
  outDir: string,
  name: string,
  content: string,
  extension: '.ts' | '.json' = '.ts',
): Promise<string> {
  const folder = path.resolve(outDir);
  const target = path.resolve(folder, `${name}${extension}`);
  if (!SAFE_NAME.test(name) || path.dirname(target) !== folder) {
    throw new Error(`Refusing to write "${name}${extension}" outside ${folder}`);
  }
  await mkdir(folder, { recursive: true });
  const temporary = path.join(folder, `.${name}${extension}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // 'wx' fails instead of following a link someone placed at the temporary name.
    await writeFile(temporary, content, { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return target;
}
