import { beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/cli/args/parse.js';
import { ensureBuilt, runCli } from '../../e2e/helpers/cli.js';
import { parserMessage } from '../../helpers/parser-message.js';
import { generate, usageError } from '../helpers/args.js';
import { DEFAULT_OUTPUT } from '../helpers/default-output.js';
import { makeTempDir, removeDir } from '../helpers/memory-io.js';

const URL_ARG = 'https://api.example.com/users';

describe('parseCliArgs', () => {
  it('fills every default for --type <url>', () => {
    expect(generate(['--type', URL_ARG])).toEqual({
      method: 'GET',
      sources: [{ kind: 'url', url: new URL(URL_ARG) }],
      body: undefined,
      headers: [],
      out: 'src/types',
      endpoint: 'users',
      name: undefined,
      timeoutMs: 30_000,
      verbose: false,
      check: false,
      watch: undefined,
      output: DEFAULT_OUTPUT,
    });
  });

  it('reads --opt=value and --opt value alike, flags in any order', () => {
    const joined = generate([
      '--type',
      '--method=PUT',
      '--body={"a":1}',
      '--header=X-A: 1',
      '--out=gen',
      '--name=Thing',
      '--timeout=500',
      '--verbose',
      URL_ARG,
    ]);
    const split = generate([
      URL_ARG,
      '--method',
      'PUT',
      '--body',
      '{"a":1}',
      '--header',
      'X-A: 1',
      '--out',
      'gen',
      '--name',
      'Thing',
      '--timeout',
      '500',
      '--verbose',
      '--type',
    ]);
    expect(split).toEqual(joined);
    expect(joined).toMatchObject({
      method: 'PUT',
      body: '{"a":1}',
      headers: [{ name: 'X-A', value: '1' }],
      out: 'gen',
      name: 'Thing',
      timeoutMs: 500,
      verbose: true,
    });
  });

  it.each([
    ['get', 'GET'],
    ['post', 'POST'],
    ['Put', 'PUT'],
    ['pAtCh', 'PATCH'],
    ['DELETE', 'DELETE'],
  ])('accepts --method=%s as %s', (given, expected) => {
    expect(generate(['--type', `--method=${given}`, URL_ARG]).method).toBe(expected);
  });

  it('keeps repeated --header in order and splits each at its first colon only', () => {
    const { headers } = generate([
      '--type',
      '--header=Authorization: Bearer a:b:c',
      '--header',
      '  X-Trace :   http://example.com:8080/x ',
      '--header=X-Empty:',
      '--header=X-Tight:v',
      URL_ARG,
    ]);
    expect(headers).toEqual([
      { name: 'Authorization', value: 'Bearer a:b:c' },
      { name: 'X-Trace', value: 'http://example.com:8080/x ' },
      { name: 'X-Empty', value: '' },
      { name: 'X-Tight', value: 'v' },
    ]);
  });

  it('returns help for --help and -h, even without --type', () => {
    expect(parseCliArgs(['--help'])).toEqual({ command: 'help' });
    expect(parseCliArgs(['-h', URL_ARG])).toEqual({ command: 'help' });
  });

  it('returns version for --version and -v', () => {
    expect(parseCliArgs(['--version'])).toEqual({ command: 'version' });
    expect(parseCliArgs(['-v'])).toEqual({ command: 'version' });
  });

  it('keeps URL userinfo on the URL (request.ts turns it into Basic auth)', () => {
    const [source] = generate(['--type', 'https://me:p%40ss@api.example.com/users']).sources;
    const url = source?.kind === 'url' ? source.url : undefined;
    expect([url?.username, url?.password, url?.pathname]).toEqual(['me', 'p%40ss', '/users']);
  });
});

describe('parseCliArgs usage errors', () => {
  it.each([
    [[URL_ARG], '--type is required (it turns on type generation)'],
    [['--type', '--frobnicate', URL_ARG], 'Unknown option --frobnicate'],
    [['--type', '-x', URL_ARG], 'Unknown option -x'],
    [['--type=yes', URL_ARG], '--type does not take a value'],
    // node:util names a switch with a short form `-h, --help`: the message names the long one.
    [['--help=me'], '--help does not take a value'],
    [['--version=2'], '--version does not take a value'],
    [
      ['--type', URL_ARG, '--method'],
      '--method needs a value (write --method=<value> for a value that starts with "-")',
    ],
    [
      ['--type', '--method=FETCH', URL_ARG],
      '--method must be one of GET, POST, PUT, PATCH, DELETE, got "FETCH"',
    ],
    [['--type', '--method=', URL_ARG], '--method must be one of GET, POST, PUT, PATCH, DELETE, got ""'],
    [
      ['--type', '--method=POST', '--body={"a":', URL_ARG],
      `--body is not valid JSON: ${parserMessage('{"a":')}`,
    ],
    [
      ['--type', '--method=POST', "--body={'a':1}", URL_ARG],
      `--body is not valid JSON: ${parserMessage("{'a':1}")}`,
    ],
    [
      // The parser quotes the text around an unexpected token; a --body may hold a password.
      ['--type', '--method=POST', '--body={"password": hunter2}', URL_ARG],
      "--body is not valid JSON: Unexpected token 'h'",
    ],
    [
      ['--type', '--body={"a":1}', URL_ARG],
      '--body cannot be sent with GET; add --method POST (or PUT, PATCH)',
    ],
    [
      ['--type', '--header=X-A: 1', '--header=NoColonHere', URL_ARG],
      '--header #2 must look like "Name: value" (no colon found)',
    ],
    [['--type', '--header=: v', URL_ARG], '--header #1 has an empty name before the colon'],
    [
      ['--type', '--header=Bad Name: v', URL_ARG],
      '--header #1 must look like "Name: value": the name "Bad" is followed by a character a header name cannot hold',
    ],
    [
      ['--type'],
      'Missing <url>: give the endpoint to fetch (e.g. https://api.example.com/users), a JSON file, or - to read stdin',
    ],
    [['--type', 'http://[bad/users'], '<url> must be an absolute http(s) URL, got "http://[bad/users"'],
    [['--type', 'ftp://example.com/users'], '<url> must use http or https, got "ftp:"'],
    [['--type', 'file:///etc/passwd'], '<url> must use http or https, got "file:"'],
    [
      ['--type', '--timeout=abc', URL_ARG],
      '--timeout must be a whole number of milliseconds from 1 to 2147483647, got "abc"',
    ],
    [
      ['--type', '--timeout=0', URL_ARG],
      '--timeout must be a whole number of milliseconds from 1 to 2147483647, got "0"',
    ],
    [
      ['--type', '--timeout=1.5', URL_ARG],
      '--timeout must be a whole number of milliseconds from 1 to 2147483647, got "1.5"',
    ],
    [
      ['--type', '--timeout=2147483648', URL_ARG],
      '--timeout must be a whole number of milliseconds from 1 to 2147483647, got "2147483648"',
    ],
    [['--type', '--out=', URL_ARG], '--out must not be empty'],
    [
      ['--type', '--out=-', URL_ARG],
      '--out takes a folder, not "-": the types are printed on stdout anyway; give a folder such as --out=src/types',
    ],
    [['--type', '--name=  ', URL_ARG], '--name must not be empty'],
    [['--type', '--name=!!!', URL_ARG], '--name must contain an ASCII letter or digit, got "!!!"'],
  ])('%j -> %s', (argv, message) => {
    expect(usageError(argv)).toBe(message);
  });

  it('never echoes a header value, whatever is wrong', () => {
    const secret = 'tok_9f8e7d6c5b4a';
    const messages = [
      usageError(['--type', `--heder=Authorization: Bearer ${secret}`, URL_ARG]),
      usageError(['--type', `--header=Bearer ${secret}`, URL_ARG]),
      usageError(['--type', `--header=Authorization: Bearer ${secret}\r\nX-Evil: 1`, URL_ARG]),
      usageError(['--type', `--header=X-Key: ${secret}\u2028`, URL_ARG]),
    ];
    expect(messages).toEqual([
      'Unknown option --heder',
      '--header #1 must look like "Name: value" (no colon found)',
      '--header "Authorization" has a value with a line break, NUL or a character above U+00FF, which HTTP cannot send',
      '--header "X-Key" has a value with a line break, NUL or a character above U+00FF, which HTTP cannot send',
    ]);
  });

  it('redacts userinfo when echoing a URL it cannot parse', () => {
    expect(usageError(['--type', 'http://me:hunter22@[bad/users'])).toBe(
      '<url> must be an absolute http(s) URL, got "http://[REDACTED]@[bad/users"',
    );
  });
});

describe('a URL taken as the value of the option before it (the built binary)', () => {
  beforeAll(() => ensureBuilt());
  const HINT = 'Run typefetch --help for usage.\n';

  it.each(['--out', '--name', '--timeout', '--body', '--header'])(
    '%s <url> names the option that took the URL, not a missing URL alone',
    async (option) => {
      const dir = await makeTempDir();
      try {
        expect(await runCli(['--type', option, URL_ARG], dir)).toEqual({
          code: 2,
          stdout: '',
          stderr: `❌ Error: Missing <url>: "${URL_ARG}" was taken as the value of ${option}; write ${option}=<value> before the URL\n${HINT}`,
        });
      } finally {
        await removeDir(dir);
      }
    },
  );

  const SECRET_URL = 'https://ann:pw_5ecret77@api.example.com/users?api_key=key_5ecret88';
  const SHOWN = '"https://[REDACTED]@api.example.com/users?api_key=[REDACTED]"';
  it.each([
    [['--method'], `--method must be one of GET, POST, PUT, PATCH, DELETE, got ${SHOWN}`],
    [['--format'], `--format must be one of typescript, zod, json-schema, got ${SHOWN}`],
    [['--timeout'], `--timeout must be a whole number of milliseconds from 1 to 2147483647, got ${SHOWN}`],
    [
      ['--watch', '--interval'],
      `--interval must be a whole number of milliseconds from 1000 to 2147483647, got ${SHOWN}`,
    ],
    [
      ['--config=typefetch.config.json', '--concurrency'],
      `--concurrency must be a whole number of requests from 1 to 32, got ${SHOWN}`,
    ],
    [
      ['--har'],
      `--har takes a file, got the URL ${SHOWN}: save the HAR with the browser devtools and give its path`,
    ],
    [['--config'], `--config takes a file, got the URL ${SHOWN}: give the path of a config file`],
    [
      ['--out'],
      `Missing <url>: ${SHOWN} was taken as the value of --out; write --out=<value> before the URL`,
    ],
  ])('%j <url> quotes the URL without its credentials and secret query values', async (options, message) => {
    const dir = await makeTempDir();
    try {
      // --timeout's check comes after the sources': a sample file keeps the URL from being missing.
      const rest = options[0] === '--timeout' ? ['users.json'] : [];
      expect(await runCli(['--type', ...options, SECRET_URL, ...rest], dir)).toEqual({
        code: 2,
        stdout: '',
        stderr: `❌ Error: ${message}\n${HINT}`,
      });
    } finally {
      await removeDir(dir);
    }
  });
});
