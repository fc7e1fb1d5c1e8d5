// A config file's content, checked once and completed with every default. Every mistake is a
// UsageError naming the file, the key (`endpoints[2].method`) and the value.
import path from 'node:path';
import { outputFileName } from '../../shared/output-file.js';
import { toTypeName } from '../../typegen/identifiers.js';
import {
  CLI_DEFAULTS,
  type CliMethod,
  MAX_CONCURRENCY,
  MAX_TIMEOUT_MS,
  resolveMethod,
} from '../args/values.js';
import { UsageError } from '../errors.js';
import type { EndpointSpec } from '../job/endpoint-spec.js';
import type { ResolvedOutput } from '../job/output-format.js';
import { cleanName, type Source, suggestedNames } from '../job/sources.js';
import { displayUrl } from '../terminal/redact.js';
import { type HeaderTemplate, headerTemplates } from './header-templates.js';
import { CONFIG_KEYS, ENDPOINT_KEYS } from './keys.js';
import { outputFields } from './output-fields.js';
import { checkKeys, httpUrl, invalid, jsonText, object, optionalString, wholeNumber } from './validate.js';

export type { HeaderTemplate } from './header-templates.js';

/**
 * One endpoint of a config file; its `endpoint` (the file name) is also the label in progress lines, and
 * its `output` is the endpoint's `format`, `named`, `maps`, `formats`, else the top level's, else the
 * defaults.
 */
export interface ResolvedEndpoint extends EndpointSpec<HeaderTemplate> {
  readonly typeName: string;
}

export interface ResolvedConfig {
  /** Folder that relative sample paths are resolved against. */
  readonly baseDir: string;
  /** Absolute output folder. */
  readonly outDir: string;
  readonly concurrency: number;
  /** Empty when the config reads a `har` file instead. */
  readonly endpoints: readonly ResolvedEndpoint[];
  /** The config's `har`: an absolute path, and the path as the file gives it. */
  readonly har: { readonly file: string; readonly shown: string } | undefined;
  /** The top level's output settings (what a `har` run writes with). */
  readonly output: ResolvedOutput;
}

const HTTP_URL = /^https?:\/\//i;

/** The config read from `file` (shown as `shown`), checked and completed. Mistakes are UsageErrors naming the file. */
export function resolveConfig(raw: unknown, file: string, shown: string): ResolvedConfig {
  try {
    return resolve(raw, file);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${shown}: ${error.message}`);
    throw error;
  }
}

function resolve(raw: unknown, file: string): ResolvedConfig {
  const config = object(raw, 'the config');
  checkKeys(config, CONFIG_KEYS, '');
  const baseDir = path.dirname(path.resolve(file));
  const out = optionalString(config['out'], 'out') ?? CLI_DEFAULTS.out;
  const baseUrl = config['baseUrl'] === undefined ? undefined : httpUrl(config['baseUrl'], 'baseUrl').href;
  const timeoutMs = wholeNumber(config['timeout'], 'timeout', 1, MAX_TIMEOUT_MS) ?? CLI_DEFAULTS.timeoutMs;
  const shared = headerTemplates(config['headers'], 'headers');
  const output: ResolvedOutput = { ...CLI_DEFAULTS.output, ...outputFields(config, '') };
  const concurrency =
    wholeNumber(config['concurrency'], 'concurrency', 1, MAX_CONCURRENCY) ?? CLI_DEFAULTS.concurrency;
  const har = optionalString(config['har'], 'har');
  if (har !== undefined) {
    if (config['endpoints'] !== undefined) invalid('"har" and "endpoints" cannot be combined: use one');
    // Keys of the requests a config sends, refused as --timeout and --concurrency are with "har".
    const unused = ['baseUrl', 'headers', 'timeout', 'concurrency'].filter(
      (key) => config[key] !== undefined,
    );
    if (unused.length > 0) {
      const keys = unused.map((key) => `"${key}"`).join(', ');
      invalid(`"har" cannot be combined with ${keys}: the HAR file holds the requests`);
    }
    const file = path.resolve(baseDir, har);
    return {
      baseDir,
      outDir: path.resolve(baseDir, out),
      concurrency,
      endpoints: [],
      har: { file, shown: har },
      output,
    };
  }
  if (!Array.isArray(config['endpoints']) || config['endpoints'].length === 0) {
    invalid('"endpoints" must be a non-empty array of endpoints (or give a "har" file)');
  }
  const endpoints = (config['endpoints'] as unknown[]).map((each, index) =>
    endpoint(each, `endpoints[${index}]`, { baseUrl, timeoutMs, shared, output }),
  );
  checkUnique(endpoints);
  return { baseDir, outDir: path.resolve(baseDir, out), concurrency, endpoints, har: undefined, output };
}

interface Defaults {
  readonly baseUrl: string | undefined;
  readonly timeoutMs: number;
  readonly shared: readonly HeaderTemplate[];
  readonly output: ResolvedOutput;
}

function endpoint(raw: unknown, where: string, defaults: Defaults): ResolvedEndpoint {
  const entry = object(raw, where);
  checkKeys(entry, ENDPOINT_KEYS, `${where}.`);
  const urls = entry['url'] === undefined ? [] : Array.isArray(entry['url']) ? entry['url'] : [entry['url']];
  const sources: Source[] = urls.map((url, index) => ({
    kind: 'url',
    url: endpointUrl(url, `${where}.url${Array.isArray(entry['url']) ? `[${index}]` : ''}`, defaults.baseUrl),
  }));
  const samples = entry['samples'] ?? [];
  if (!Array.isArray(samples)) invalid(`${where}.samples must be an array of file paths or URLs`);
  (samples as unknown[]).forEach((sample, index) => {
    const at = `${where}.samples[${index}]`;
    const given = optionalString(sample, at) ?? invalid(`${at} must be a file path or URL`);
    sources.push(
      HTTP_URL.test(given)
        ? { kind: 'url', url: httpUrl(given, at) }
        : { kind: 'file', given, option: 'sample' },
    );
  });
  if (sources.length === 0) invalid(`${where} needs a "url" or "samples"`);
  const method = resolveMethodAt(entry['method'], `${where}.method`);
  const body = entry['body'] === undefined ? undefined : jsonText(entry['body'], `${where}.body`);
  if (body !== undefined && method === 'GET') invalid(`${where}.body cannot be sent with GET; set "method"`);
  const own = headerTemplates(entry['headers'], `${where}.headers`);
  const ownNames = new Set(own.map((header) => header.name.toLowerCase()));
  const name = entry['name'] === undefined ? undefined : optionalString(entry['name'], `${where}.name`);
  const fileName =
    name === undefined
      ? defaultName(sources.slice(0, urls.length), sources.slice(urls.length), where)
      : cleanName(name);
  if (fileName === undefined)
    invalid(`${where}.name must contain an ASCII letter or digit, got ${JSON.stringify(name)}`);
  if (fileName!.toLowerCase() === 'index')
    invalid(`${where}.name "index" is taken by the generated index.ts`);
  return {
    endpoint: fileName!,
    typeName: name ?? fileName!,
    method,
    sources,
    body,
    headers: [...defaults.shared.filter((header) => !ownNames.has(header.name.toLowerCase())), ...own],
    timeoutMs: wholeNumber(entry['timeout'], `${where}.timeout`, 1, MAX_TIMEOUT_MS) ?? defaults.timeoutMs,
    output: { ...defaults.output, ...outputFields(entry, `${where}.`) },
  };
}

function defaultName(named: readonly Source[], others: readonly Source[], where: string): string {
  const suggested = suggestedNames(named, others);
  if (suggested.length === 1) return suggested[0]!;
  // Without a URL, the first sample names the endpoint (docs/cli.md, "Config file"): sample files are
  // often fixtures with names of their own (`user-deleted.json`).
  if (named.length === 0 && suggested.length > 1) return suggested[0]!;
  return invalid(
    suggested.length === 0
      ? `${where} needs a "name": none can be made from its URL or samples`
      : `${where} needs a "name": its samples name different endpoints (${suggested.join(', ')})`,
  );
}

function checkUnique(endpoints: readonly ResolvedEndpoint[]): void {
  const files = new Map<string, number>();
  const types = new Map<string, number>();
  endpoints.forEach((each, index) => {
    // Case-insensitive: `Users.ts` and `users.ts` are one file on macOS and Windows. Names are unique
    // whatever the format: `--format` on the command line may give every endpoint the same extension.
    const file = each.endpoint.toLowerCase();
    const type = toTypeName(each.typeName);
    const earlier = files.get(file);
    if (earlier !== undefined) {
      const [one, other] = [endpoints[earlier]!, each].map((it) =>
        outputFileName(it.endpoint, it.output.format),
      );
      // `Users.ts` after `users.ts` is the same file; `users.json` after `users.ts` is the same name.
      const clash =
        one!.toLowerCase() === other!.toLowerCase()
          ? `both write ${other}`
          : `write ${one} and ${other}: one name`;
      invalid(`endpoints[${earlier}] and endpoints[${index}] ${clash}; give one another "name"`);
    }
    if (types.has(type))
      invalid(
        `endpoints[${types.get(type)}] and endpoints[${index}] both declare ${type}; give one another "name"`,
      );
    files.set(file, index);
    types.set(type, index);
  });
}

function endpointUrl(raw: unknown, where: string, baseUrl: string | undefined): URL {
  const text = optionalString(raw, where) ?? invalid(`${where} must be a URL`);
  // Anything with a scheme is a URL of its own (and must be http or https), not a path under baseUrl.
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(text)) return httpUrl(text, where);
  if (baseUrl === undefined) {
    return invalid(
      `${where} "${displayUrl(text)}" is not an absolute http(s) URL; make it one or set "baseUrl"`,
    );
  }
  // The path joined as text, as ky's prefixUrl does: `https://h/api` + `/users` is `https://h/api/users`.
  // The base's own query (`?api_key=...`) comes after it, before the URL's own, as the client keeps it.
  const base = new URL(baseUrl);
  const query = base.search;
  base.search = '';
  const url = httpUrl(`${base.href.replace(/\/+$/, '')}/${text.replace(/^\/+/, '')}`, where);
  if (query !== '') url.search = url.search === '' ? query : `${query}&${url.search.slice(1)}`;
  return url;
}

function resolveMethodAt(raw: unknown, where: string): CliMethod {
  if (raw !== undefined && typeof raw !== 'string') invalid(`${where} must be a string`);
  return resolveMethod(raw as string | undefined, where);
}
