import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonErrorMessage } from '../../shared/json-error.js';
import { UsageError } from '../errors.js';

const MODULE = /\.(js|mjs|cjs)$/i;
const TYPESCRIPT = /\.(ts|mts|cts)$/i;

/**
 * Reads a config file: JSON, or a JavaScript module whose default export is the config (TypeScript
 * too, where Node can import it: 22.18 and later). Problems are usage errors naming the file.
 */
export async function loadConfig(file: string, shown: string): Promise<unknown> {
  if (MODULE.test(file) || TYPESCRIPT.test(file)) return importConfig(file, shown);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw readError(error, shown);
  }
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
  } catch (error) {
    throw new UsageError(`${shown} is not valid JSON: ${jsonErrorMessage(error)}`);
  }
}

async function importConfig(file: string, shown: string): Promise<unknown> {
  await access(file).catch((error: unknown) => {
    throw readError(error, shown);
  });
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(path.resolve(file)).href)) as { default?: unknown };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION' && TYPESCRIPT.test(file)) {
      throw new UsageError(
        `${shown}: this Node.js (${process.version}) cannot import TypeScript; use a .json or .mjs config file`,
      );
    }
    throw new UsageError(`${shown} could not be loaded: ${(error as Error).message?.split('\n')[0]}`);
  }
  if (module.default === undefined) throw new UsageError(`${shown} has no default export`);
  return module.default;
}

function readError(error: unknown, shown: string): UsageError {
  if ((error as { code?: unknown }).code === 'ENOENT')
    return new UsageError(`--config file not found: "${shown}"`);
  return new UsageError(`${shown} cannot be read: ${(error as Error).message}`);
}
