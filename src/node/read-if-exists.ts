import { readFile } from 'node:fs/promises';

/**
 * The file's text, or `undefined` when there is none: no such file, or a file where a folder of its path
 * should be (ENOTDIR). Any other read error is thrown, naming the file: Node's own message for a folder
 * at that path (`EISDIR: illegal operation on a directory, read`) does not say which.
 */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (error instanceof Error && !error.message.includes(file)) error.message += ` '${file}'`;
    throw error;
  }
}
