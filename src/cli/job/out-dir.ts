// The output folder checked before anything is sent: a file where the folder should be (or where one
// of its parents should be) is a usage error, not a failed write after every request (docs/cli.md,
// "Options", `--out`).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { displayPath } from '../terminal/paint.js';

/**
 * Throws a {@link UsageError} when `outDir`, or the nearest of its parents that exists, is not a folder.
 * `option` names where the folder was given (`--out`, `typefetch.config.json: "out"`); paths in the
 * message are shown relative to `cwd`. Any other problem (no permission) is left to the write to report.
 */
export async function checkOutDir(outDir: string, option: string, cwd: string): Promise<void> {
  let at = path.resolve(outDir);
  for (;;) {
    const found = await stat(at).then(
      (stats) => stats,
      (error: unknown) => String((error as { code?: unknown }).code),
    );
    if (typeof found !== 'string') {
      if (found.isDirectory()) return;
      const given = `${option} "${displayPath(cwd, outDir)}"`;
      const where = at === path.resolve(outDir) ? 'is' : `is inside "${displayPath(cwd, at)}",`;
      throw new UsageError(`${given} ${where} a file, not a folder: give a folder path`);
    }
    const parent = path.dirname(at);
    if ((found !== 'ENOENT' && found !== 'ENOTDIR') || parent === at) return;
    at = parent;
  }
}
