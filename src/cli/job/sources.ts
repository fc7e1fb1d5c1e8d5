import { UsageError } from '../errors.js';
import { displayUrl } from '../terminal/redact.js';
import { endpointName } from './endpoint-name.js';

/** Where one sample (or, for JSON Lines, several) comes from. */
export type Source =
  | { readonly kind: 'url'; readonly url: URL }
  /** `given` is the path as written, resolved against the working folder (or the config file's folder). */
  | { readonly kind: 'file'; readonly given: string; readonly option: '<url>' | '--sample' | 'sample' }
  | { readonly kind: 'stdin' };

// `https:`, `ftp:`, `file:`... but not a Windows drive letter (`C:\data\users.json`).
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]+:/;
const MAX_NAME_LENGTH = 100;

/**
 * What a positional argument stands for: `-` is stdin, something with a scheme is a URL (only http and
 * https are accepted), anything else is a path to a JSON file. Whether the file exists is found out when
 * it is read, so this stays pure.
 */
export function classifyPositional(raw: string): Source {
  if (raw === '-') return { kind: 'stdin' };
  if (!SCHEME.test(raw)) return { kind: 'file', given: raw, option: '<url>' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`<url> must be an absolute http(s) URL, got "${displayUrl(raw)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`<url> must use http or https, got "${url.protocol}"`);
  }
  return { kind: 'url', url };
}

/** `--sample <file>`: a file, or `-` for stdin. */
export function sampleSource(raw: string): Source {
  if (raw === '-') return { kind: 'stdin' };
  if (raw.trim() === '') throw new UsageError('--sample must not be empty');
  return { kind: 'file', given: raw, option: '--sample' };
}

/** A source as it is shown in progress and error lines (URLs without credentials). */
export function describeSource(source: Source): string {
  if (source.kind === 'url') return displayUrl(source.url);
  return source.kind === 'file' ? source.given : 'stdin';
}

/** The endpoint name a source suggests: from the URL path, or the file name; stdin suggests none. */
export function sourceName(source: Source): string | undefined {
  if (source.kind === 'url') return endpointName(source.url);
  return source.kind === 'file' ? fileEndpointName(source.given) : undefined;
}

/**
 * The endpoint name of a sample file: its base name up to the first dot (`users.page-2.json` ->
 * `users`), keeping only `[A-Za-z0-9_-]`. `undefined` when no letter or digit is left.
 */
export function fileEndpointName(given: string): string | undefined {
  const base = given.split(/[/\\]/).pop() ?? '';
  return cleanName(base.replace(/^\.+/, '').split('.')[0] ?? '');
}

/** A name made safe as a file name: only `[A-Za-z0-9_-]`, at most 100 characters, with a letter or digit. */
export function cleanName(raw: string): string | undefined {
  const name = raw.replace(/[^A-Za-z0-9_-]/g, '').slice(0, MAX_NAME_LENGTH);
  return /[A-Za-z0-9]/.test(name) ? name : undefined;
}

/**
 * The names the sources suggest, once each: those of `named` (the URLs and paths given in place of the
 * URL), or when they suggest none, those of `others` (`--sample` files, which are often fixtures with
 * names of their own).
 */
export function suggestedNames(named: readonly Source[], others: readonly Source[]): string[] {
  const names = (sources: readonly Source[]) => [
    ...new Set(sources.map(sourceName).filter((each) => each !== undefined)),
  ];
  const first = names(named);
  return first.length > 0 ? first : names(others);
}

/**
 * The output file name (without `.ts`) for the samples of one endpoint (see {@link suggestedNames}).
 * The suggested names must agree; `--name` is needed when they do not, or when there is none (stdin),
 * and then names the file too. Otherwise `--name` names only the type, as before.
 */
export function resolveEndpoint(
  named: readonly Source[],
  others: readonly Source[],
  name: string | undefined,
): string {
  const suggested = suggestedNames(named, others);
  if (suggested.length === 1) return suggested[0]!;
  if (name !== undefined) {
    const file = cleanName(name);
    if (file === undefined)
      throw new UsageError(`--name must contain an ASCII letter or digit, got "${name}"`);
    return file;
  }
  if (suggested.length === 0) {
    const file = [...named, ...others].find((source) => source.kind === 'file');
    throw new UsageError(
      file === undefined
        ? 'Reading stdin (-) needs --name: it names the type and the output file'
        : `No name can be made from "${describeSource(file)}"; give --name to choose the type and file name`,
    );
  }
  throw new UsageError(
    `The samples name different endpoints (${suggested.join(', ')}); give --name to choose the type and file name`,
  );
}
