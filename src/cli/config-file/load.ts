import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonErrorMessage } from '../../shared/json-error.js';
import { UsageError } from '../errors.js';
import { decodeSampleBytes } from '../job/samples-text.js';

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
    // UTF-8, or UTF-16 with its byte-order mark (Windows editors save it), as a sample file is read.
    text = decodeSampleBytes(await readFile(file));
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
    module = (await import(await moduleUrl(file))) as { default?: unknown };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION' && TYPESCRIPT.test(file)) {
      throw new UsageError(
        `${shown}: this Node.js (${process.version}) cannot import TypeScript; use a .json or .mjs config file`,
      );
    }
    if (error instanceof SyntaxError) {
      // Node quotes the token it stopped at (`Unexpected identifier 'sk_live_...'`), which may be part of a
      // secret written in the file: left out, as for a JSON config; `node --check` shows the place.
      // JSON.parse in the config (a file of secrets that does not parse) quotes an excerpt: left out too.
      const message = jsonErrorMessage(thrownMessage(error)).replace(/\s*'[^']*'/g, '');
      throw new UsageError(
        `${shown} could not be loaded: SyntaxError: ${message} (\`node --check ${shown}\` shows where)`,
      );
    }
    if (error instanceof ReferenceError) {
      // `ghp_abc123 is not defined`: the name may be a secret written without quotes.
      throw new UsageError(
        `${shown} could not be loaded: ReferenceError: a name in it is not defined, such as a value ` +
          `written without quotes (\`node ${shown}\` shows which)`,
      );
    }
    throw new UsageError(`${shown} could not be loaded: ${thrownMessage(error)}`);
  }
  if (module.default === undefined) throw new UsageError(`${shown} has no default export`);
  try {
    return plainCopy(module.default, new Map());
  } catch (error) {
    throw new UsageError(`${shown} could not be read: ${thrownMessage(error)}`);
  }
}

/**
 * The URL to import the config from. `--watch` reads the config again on every run, as it reads a JSON
 * config again; but a module is evaluated once per URL, so the URL carries a hash of the file's content:
 * an edited file is a new URL, evaluated again, and an unchanged one is the module already loaded.
 * A CommonJS file is cached by its path instead, and is dropped from that cache when it changed.
 */
async function moduleUrl(file: string): Promise<string> {
  const absolute = path.resolve(file);
  const version = createHash('sha256')
    .update(await readFile(absolute))
    .digest('hex')
    .slice(0, 16);
  const require = createRequire(absolute);
  if (require.cache[absolute] !== undefined && loadedVersions.get(absolute) !== version) {
    delete require.cache[absolute];
  }
  loadedVersions.set(absolute, version);
  return `${pathToFileURL(absolute).href}?v=${version}`;
}

const loadedVersions = new Map<string, string>();

/** The first line of what a module threw, which may be anything (`throw 'no token'`, `throw null`). */
function thrownMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

/**
 * The config object as plain data, read once here: a getter or a proxy that throws is a config mistake
 * named in one line, and the checks that follow read values that cannot change under them. Values JSON
 * has no text for (a BigInt, a function, a cycle) are kept, for the checks to name.
 */
function plainCopy(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const each of value) copy.push(plainCopy(each, seen));
    return copy;
  }
  // A Date or a URL is left as it is: JSON.stringify writes a Date, and a URL is refused where a string is due.
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: plainCopy((value as Record<string, unknown>)[key], seen),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function readError(error: unknown, shown: string): UsageError {
  if ((error as { code?: unknown }).code === 'ENOENT')
    return new UsageError(`--config file not found: "${shown}"`);
  return new UsageError(`${shown} cannot be read: ${(error as Error).message}`);
}
