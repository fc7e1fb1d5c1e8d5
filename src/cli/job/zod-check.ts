// A zod module imports `zod`: a hint when the working folder cannot resolve it, since the file it
// writes would then fail to compile. See docs/cli.md, "Output formats".
import { createRequire } from 'node:module';
import path from 'node:path';

/** The warning printed after writing zod output when `zod` cannot be resolved from `cwd`. */
export const ZOD_MISSING =
  'zod cannot be resolved from this folder, and the generated file imports it: install it with npm install zod';

/** True when `import 'zod'` in a file of `cwd` would find a package. */
export function zodResolvable(cwd: string): boolean {
  try {
    createRequire(path.join(cwd, 'package.json')).resolve('zod');
    return true;
  } catch {
    return false;
  }
}
