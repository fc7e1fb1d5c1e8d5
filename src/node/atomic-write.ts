// Atomic file writes, for the CLI and typefetch/capture alike. See docs/architecture.md, "Writing files".
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

// A file name the endpoint derivation can produce: no separator, no dot, nothing empty.
const SAFE_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Writes `text` to `file` atomically: the text goes to a temporary file in the same folder, then a
 * rename replaces the target in one step, so a reader (an editor, `tsc --watch`) never sees half a file
 * and a failed write leaves the old file intact. Creates the folder when missing.
 *
 * The temporary file is opened with `'wx'`: when something already sits at its name (a symbolic link
 * planted by another user of a shared folder), the write fails instead of following it. A file already at
 * `file` keeps its permissions (a `600` file stays `600`); a symbolic link there is replaced by the file,
 * never followed (docs/architecture.md, "Writing files").
 */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const folder = path.dirname(file);
  await makeFolder(folder);
  const temporary = path.join(
    folder,
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  // The permissions of the file replaced, if any (the umask would change a mode given at creation).
  const mode = await stat(file).then(
    (found) => (found.isFile() ? found.mode & 0o7777 : undefined),
    () => undefined,
  );
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    if (mode !== undefined) await chmod(temporary, mode);
  } catch (error) {
    // EEXIST: something was already at the temporary name; it is not ours to remove.
    if ((error as { code?: unknown }).code !== 'EEXIST') await rm(temporary, { force: true });
    throw error;
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Creates `folder` and its missing parents, one level at a time from the nearest that exists, trying each
 * at most twice, so a folder that cannot be made fails with mkdir's own error. Not `mkdir(folder, {
 * recursive: true })`: on Node 20 that never returns for a path under `/proc`, where mkdir answers ENOENT
 * though the parent exists (docs/architecture.md, "Writing files").
 */
async function makeFolder(folder: string): Promise<void> {
  const missingParent = await makeOneFolder(folder);
  if (missingParent === undefined) return;
  const parent = path.dirname(folder);
  if (parent === folder) throw missingParent;
  await makeFolder(parent);
  // The parent is there now: a second ENOENT is the file system refusing this name.
  const refused = await makeOneFolder(folder);
  if (refused !== undefined) throw refused;
}

/**
 * mkdir without `recursive`: `undefined` once the folder is there (made now or before), mkdir's ENOENT
 * error when its parent is missing; any other failure (a file in the way, no permission) is thrown.
 */
async function makeOneFolder(folder: string): Promise<Error | undefined> {
  try {
    await mkdir(folder);
    return undefined;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return error as Error;
    // EEXIST for a file or a dangling link: mkdir's error, not stat's, says what is in the way.
    const there = code === 'EEXIST' && (await stat(folder).catch(() => undefined))?.isDirectory() === true;
    if (!there) throw error;
    return undefined;
  }
}

/**
 * Writes `<outDir>/<name><extension>` atomically (see {@link writeAtomically}) and returns the absolute
 * path written. `name` comes from a URL, so it is checked twice: against the allowed characters, and by
 * resolving the target and requiring its folder to be exactly `outDir`.
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
  await writeAtomically(target, content);
  return target;
}
