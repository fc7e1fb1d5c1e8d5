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
  await mkdir(folder, { recursive: true });
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
