import { version } from '../../package.json';
import { OUTPUT_FORMATS } from '../typegen/options.js';
import { CLI_DEFAULTS, METHODS } from './args/parse.js';

/** The package version, inlined from package.json at build time. */
export const VERSION: string = version;

/** Text of `typefetch --help`. */
export const HELP = `typefetch ${VERSION}: turn JSON API responses into TypeScript types

Usage:
  typefetch --type [options] <url|file|->...
  typefetch --type --config <file> [--check | --watch] [options]
  typefetch --type --har <file.har> [--format=openapi] [--out <dir>] [options]

Sends one request to <url>, infers a TypeScript type from the JSON response, writes it to
${CLI_DEFAULTS.out}/<endpoint>.ts and prints it. <endpoint> is the last path segment that is not
an id: /users/1 -> users.ts with \`export interface Users\`.

Several <url>s (or files, or - for stdin) are several samples of one endpoint, merged into one
type: a key missing or null in some samples is optional. A .jsonl/.ndjson file or a JSON Lines
response gives one sample per line.

Options:
  --type                  Generate types from the response (required).
                            e.g. typefetch --type https://api.example.com/users
  --method <METHOD>       ${METHODS.join(', ')} (any case). Default: ${CLI_DEFAULTS.method}.
                            e.g. --method=post
  --body <json>           JSON request body, sent as Content-Type: application/json
                          unless a --header sets another content type.
                            e.g. --body='{"title":"Hello","userId":1}'
  --header <Name: value>  Request header; repeat for more. Only the first colon splits,
                          so values may contain colons. Values are never printed.
                            e.g. --header "Authorization: Bearer $TOKEN"
  --sample <file>         One more sample (JSON or JSON Lines file, - for stdin); repeatable.
                            e.g. --sample=fixtures/user-deleted.json
  --out <dir>             Output folder, relative to the current folder. Default: ${CLI_DEFAULTS.out}.
                            e.g. --out=src/api/types
  --name <Name>           Type name, made PascalCase. Default: from the endpoint. Needed for
                          stdin alone or samples of differently named endpoints; then it
                          names the file too.
                            e.g. --name=UserList
  --format <format>       ${OUTPUT_FORMATS.join(', ')}, or openapi with --har or --config.
                          Default: ${CLI_DEFAULTS.output.format}. zod writes a zod 4 module to <endpoint>.ts;
                          json-schema a JSON Schema 2020-12 document to <endpoint>.json (no
                          comment header); openapi one OpenAPI 3.1 openapi.json for every endpoint.
                            e.g. --format=zod
  --named                 Give each nested object type its own exported declaration
                          (Users -> UsersAddress -> UsersAddressGeo) instead of writing it inline.
                          Default: off.
                            e.g. --named
  --no-maps               Keep one member per key in objects keyed by ids or dates
                          ({"1": {...}, "2": {...}}) instead of typing them Record<string, T>.
                          Default: maps on.
                            e.g. --no-maps
  --formats               Tag strings that are all dates, date-times, UUIDs, emails or URLs
                          with a @format JSDoc comment (JSON Schema: a "format" keyword).
                          Default: off.
                            e.g. --formats
  --enums                 A string member with few distinct values, each seen several times,
                          becomes a union of literals ('open' | 'closed'; zod z.enum,
                          JSON Schema enum). Default: off.
                            e.g. --enums
  --tagged-unions         Objects sharing a string member whose values split them into
                          different shapes become a union of variants, each with its tag.
                          Default: off.
                            e.g. --tagged-unions
  --integers              Numbers that were all integers become z.int() in zod and
                          "integer" in JSON Schema (TypeScript stays number). Default: off.
                            e.g. --format=zod --integers
  --timeout <ms>          Give up after this many milliseconds. Default: ${CLI_DEFAULTS.timeoutMs}.
                            e.g. --timeout=5000
  --check                 Write nothing: compare with the existing file (its timestamp ignored),
                          print the members that changed, exit 1 when any did.
                            e.g. --check
  --config <file>         Generate every endpoint of a config file, plus index.ts: JSON, or a
                          .mjs/.js/.cjs module (.ts where Node imports TypeScript).
                            e.g. --config=typefetch.config.json
  --har <file.har>        Type every JSON exchange of a HAR file (saved from the browser's
                          devtools): one file per endpoint METHOD /path/{id} and index.ts
                          with the endpoint map Api for createApiClient<Api>(). Headers,
                          cookies and secret query values are never written.
                            e.g. --har=api.har --out=src/api
  --concurrency <n>       With --config: endpoints fetched at once, 1 to 32. Default: ${CLI_DEFAULTS.concurrency}.
                            e.g. --concurrency=8
  --watch                 Run again every --interval, rewriting only files that changed.
                            e.g. --watch
  --interval <ms>         With --watch: time between runs, at least 1000. Default: ${CLI_DEFAULTS.intervalMs}.
                            e.g. --interval=10000
  --verbose               On failure, also print the cause (network error, response body).
                            e.g. --verbose
  -h, --help              Show this help.
  -v, --version           Show the version.

Examples:
  typefetch --type https://jsonplaceholder.typicode.com/users
  typefetch --type --method=POST --body='{"title":"Hello"}' https://api.example.com/posts
  typefetch --type --header "X-Api-Key: $API_KEY" --out=types https://api.example.com/v1/products
  typefetch --type https://api.example.com/users/1 https://api.example.com/users/2
  typefetch --type --format=zod --named https://api.example.com/users
  typefetch --type --format=json-schema --out=schemas https://api.example.com/users
  curl -s https://api.example.com/orders | typefetch --type - --name=orders
  typefetch --type --check https://staging.example.com/users
  typefetch --type --config typefetch.config.json
  typefetch --type --har api.har --out=src/api
  typefetch --type --har api.har --format=openapi --out=src/api

Exit status: 0 done; 1 a request, the JSON or a write failed, or --check found changes;
2 usage error.
`;
