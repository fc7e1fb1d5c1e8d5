/**
 * The undici package the running vitest project tests typefetch/undici against: `undici` (the main
 * devDependency, undici 7) or `undici-6` (an npm alias of undici 6). vitest.config.ts sets
 * TYPEFETCH_UNDICI per project and, for `undici-6`, resolves the sources' `import 'undici'` to it.
 */
import { readFileSync } from 'node:fs';
import { ROOT } from '../../helpers/build.js';

export const UNDICI_PACKAGE = process.env.TYPEFETCH_UNDICI ?? 'undici';

/** The version of {@link UNDICI_PACKAGE}, e.g. `6.29.1`. */
export const UNDICI_VERSION: string = JSON.parse(
  readFileSync(`${ROOT}node_modules/${UNDICI_PACKAGE}/package.json`, 'utf8'),
).version;

/**
 * Node flags for a child process that make its `import 'undici'` load {@link UNDICI_PACKAGE}, as the
 * vitest alias does in the tests' own process (a module resolve hook, registered before the script runs).
 */
export function undiciNodeArgs(): string[] {
  if (UNDICI_PACKAGE === 'undici') return [];
  const hooks =
    'export async function resolve(specifier, context, next) {' +
    `  const swapped = specifier === 'undici' || specifier.startsWith('undici/');` +
    `  return next(swapped ? ${JSON.stringify(UNDICI_PACKAGE)} + specifier.slice(6) : specifier, context);` +
    '}';
  const register =
    `import { register } from 'node:module';` +
    `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
  return ['--import', `data:text/javascript,${encodeURIComponent(register)}`];
}
