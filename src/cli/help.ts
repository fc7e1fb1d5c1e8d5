import { version } from '../../package.json';
import { CLI_DEFAULTS, METHODS } from './args.js';

/** The package version, inlined from package.json at build time. */
export const VERSION: string = version;

/** Text of `typefetch --help`. */
export const HELP = `typefetch ${VERSION}: turn a JSON API response into TypeScript types

Usage:
  typefetch --type [options] <url>

Sends one request to <url>, infers a TypeScript type from the JSON response, writes it to
${CLI_DEFAULTS.out}/<endpoint>.ts and prints it. <endpoint> is the last path segment that is not
an id: /users/1 -> users.ts with \`export interface Users\`.

Options:
  --type                  Generate types from the response (required).
  --method <METHOD>       ${METHODS.join(', ')} (any case). Default: ${CLI_DEFAULTS.method}.
                            e.g. --method=post
  --body <json>           JSON request body, sent as Content-Type: application/json
                          unless a --header sets another content type.
                            e.g. --body='{"title":"Hello","userId":1}'
  --header <Name: value>  Request header; repeat for more. Only the first colon splits,
                          so values may contain colons. Values are never printed.
                            e.g. --header "Authorization: Bearer $TOKEN"
  --out <dir>             Output folder, relative to the current folder. Default: ${CLI_DEFAULTS.out}.
                            e.g. --out=src/api/types
  --name <Name>           Type name, made PascalCase. Default: from the endpoint.
                            e.g. --name=UserList
  --timeout <ms>          Give up after this many milliseconds. Default: ${CLI_DEFAULTS.timeoutMs}.
                            e.g. --timeout=5000
  --verbose               On failure, also print the cause (network error, response body).
  -h, --help              Show this help.
  -v, --version           Show the version.

Examples:
  typefetch --type https://jsonplaceholder.typicode.com/users
  typefetch --type --method=POST --body='{"title":"Hello"}' https://api.example.com/posts
  typefetch --type --header "X-Api-Key: $API_KEY" --out=types https://api.example.com/v1/products

Exit status: 0 done; 1 the request, the JSON or the write failed; 2 usage error.
`;
