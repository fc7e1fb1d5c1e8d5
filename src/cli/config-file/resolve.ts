// A config file's content, checked once and completed with every default. Every mistake is a
// UsageError naming the key (`endpoints[2].method`) and the value.
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
import type { ResolvedOutput } from '../job/output-format.js';
import { cleanName, type Source, suggestedNames } from '../job/sources.js';
import { displayUrl } from '../terminal/redact.js';
import { type HeaderTemplate, headerTemplates } from './header-templates.js';
import { OUTPUT_KEYS, outputFields } from './output-fields.js';
import { checkKeys, type Fail, httpUrl, object, optionalString, wholeNumber } from './validate.js';

export type { HeaderTemplate } from './header-templates.js';

export interface ResolvedEndpoint {
  /** File name without its extension, also the label in progress lines. */
  readonly endpoint: string;
  readonly typeName: string;
  readonly method: CliMethod;
  readonly sources: readonly Source[];
  readonly body: string | undefined;
  readonly headers: readonly HeaderTemplate[];
  readonly timeoutMs: number;
  /** The endpoint's `format`, `named`, `maps`, `formats`, else the top level's, else the defaults. */
  readonly output: ResolvedOutput;
}

export interface ResolvedConfig {
  /** Folder that relative sample paths are resolved against. */
  readonly baseDir: string;
  /** Absolute output folder. */
  readonly outDir: string;
  readonly concurrency: number;
  readonly endpoints: readonly ResolvedEndpoint[];
}

const TOP_KEYS = [
  '$schema',
  'out',
  'baseUrl',
  'concurrency',
  'timeout',
  'headers',
  ...OUTPUT_KEYS,
  'endpoints',
];
const ENDPOINT_KEYS = ['name', 'url', 'method', 'headers', 'body', 'samples', 'timeout', ...OUTPUT_KEYS];
const HTTP_URL = /^https?:\/\//i;

export function resolveConfig(raw: unknown, file: string, shown: string): ResolvedConfig {
  const fail = (message: string): never => {
    throw new UsageError(`${shown}: ${message}`);
  };
  const config = object(raw, 'the config', fail);
  checkKeys(config, TOP_KEYS, '', fail);
  const baseDir = path.dirname(path.resolve(file));
  const out = optionalString(config['out'], 'out', fail) ?? CLI_DEFAULTS.out;
  const baseUrl =
    config['baseUrl'] === undefined ? undefined : httpUrl(config['baseUrl'], 'baseUrl', fail).href;
  const timeoutMs =
    wholeNumber(config['timeout'], 'timeout', 1, MAX_TIMEOUT_MS, fail) ?? CLI_DEFAULTS.timeoutMs;
  const shared = headerTemplates(config['headers'], 'headers', fail);
  const output: ResolvedOutput = { ...CLI_DEFAULTS.output, ...outputFields(config, '', fail) };
  if (!Array.isArray(config['endpoints']) || config['endpoints'].length === 0) {
    fail('"endpoints" must be a non-empty array of endpoints');
  }
  const endpoints = (config['endpoints'] as unknown[]).map((each, index) =>
    endpoint(each, `endpoints[${index}]`, { baseUrl, timeoutMs, shared, output }, fail),
  );
  checkUnique(endpoints, fail);
  return {
    baseDir,
    outDir: path.resolve(baseDir, out),
    concurrency:
      wholeNumber(config['concurrency'], 'concurrency', 1, MAX_CONCURRENCY, fail) ?? CLI_DEFAULTS.concurrency,
    endpoints,
  };
}

interface Defaults {
  readonly baseUrl: string | undefined;
  readonly timeoutMs: number;
  readonly shared: readonly HeaderTemplate[];
  readonly output: ResolvedOutput;
}

function endpoint(raw: unknown, where: string, defaults: Defaults, fail: Fail): ResolvedEndpoint {
  const entry = object(raw, where, fail);
  checkKeys(entry, ENDPOINT_KEYS, `${where}.`, fail);
  const urls = entry['url'] === undefined ? [] : Array.isArray(entry['url']) ? entry['url'] : [entry['url']];
  const sources: Source[] = urls.map((url, index) => ({
    kind: 'url',
    url: endpointUrl(
      url,
      `${where}.url${Array.isArray(entry['url']) ? `[${index}]` : ''}`,
      defaults.baseUrl,
      fail,
    ),
  }));
  const samples = entry['samples'] ?? [];
  if (!Array.isArray(samples)) fail(`${where}.samples must be an array of file paths or URLs`);
  (samples as unknown[]).forEach((sample, index) => {
    const at = `${where}.samples[${index}]`;
    const given = optionalString(sample, at, fail) ?? fail(`${at} must be a file path or URL`);
    sources.push(
      HTTP_URL.test(given)
        ? { kind: 'url', url: httpUrl(given, at, fail) }
        : { kind: 'file', given, option: 'sample' },
    );
  });
  if (sources.length === 0) fail(`${where} needs a "url" or "samples"`);
  const method = resolveMethodAt(entry['method'], `${where}.method`, fail);
  const body = entry['body'] === undefined ? undefined : JSON.stringify(entry['body']);
  if (body !== undefined && method === 'GET') fail(`${where}.body cannot be sent with GET; set "method"`);
  const own = headerTemplates(entry['headers'], `${where}.headers`, fail);
  const ownNames = new Set(own.map((header) => header.name.toLowerCase()));
  const name = entry['name'] === undefined ? undefined : optionalString(entry['name'], `${where}.name`, fail);
  const fileName =
    name === undefined
      ? defaultName(sources.slice(0, urls.length), sources.slice(urls.length), where, fail)
      : cleanName(name);
  if (fileName === undefined)
    fail(`${where}.name must contain a letter or digit, got ${JSON.stringify(name)}`);
  if (fileName!.toLowerCase() === 'index') fail(`${where}.name "index" is taken by the generated index.ts`);
  return {
    endpoint: fileName!,
    typeName: name ?? fileName!,
    method,
    sources,
    body,
    headers: [...defaults.shared.filter((header) => !ownNames.has(header.name.toLowerCase())), ...own],
    timeoutMs:
      wholeNumber(entry['timeout'], `${where}.timeout`, 1, MAX_TIMEOUT_MS, fail) ?? defaults.timeoutMs,
    output: { ...defaults.output, ...outputFields(entry, `${where}.`, fail) },
  };
}

function defaultName(named: readonly Source[], others: readonly Source[], where: string, fail: Fail): string {
  const suggested = suggestedNames(named, others);
  if (suggested.length === 1) return suggested[0]!;
  return fail(
    suggested.length === 0
      ? `${where} needs a "name": none can be made from its URL or samples`
      : `${where} needs a "name": its samples name different endpoints (${suggested.join(', ')})`,
  );
}

function checkUnique(endpoints: readonly ResolvedEndpoint[], fail: Fail): void {
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
      fail(`endpoints[${earlier}] and endpoints[${index}] ${clash}; give one another "name"`);
    }
    if (types.has(type))
      fail(
        `endpoints[${types.get(type)}] and endpoints[${index}] both declare ${type}; give one another "name"`,
      );
    files.set(file, index);
    types.set(type, index);
  });
}

function endpointUrl(raw: unknown, where: string, baseUrl: string | undefined, fail: Fail): URL {
  const text = optionalString(raw, where, fail) ?? fail(`${where} must be a URL`);
  // Anything with a scheme is a URL of its own (and must be http or https), not a path under baseUrl.
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(text)) return httpUrl(text, where, fail);
  if (baseUrl === undefined) {
    return fail(
      `${where} "${displayUrl(text)}" is not an absolute http(s) URL; make it one or set "baseUrl"`,
    );
  }
  // Joined as text, as ky's prefixUrl does: `https://h/api` + `/users` is `https://h/api/users`.
  return httpUrl(`${baseUrl.replace(/\/+$/, '')}/${text.replace(/^\/+/, '')}`, where, fail);
}

function resolveMethodAt(raw: unknown, where: string, fail: Fail): CliMethod {
  if (raw !== undefined && typeof raw !== 'string') fail(`${where} must be a string`);
  try {
    return resolveMethod(raw as string | undefined, where);
  } catch (error) {
    return fail((error as Error).message);
  }
}
