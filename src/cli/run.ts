import path from 'node:path';
import { generateTypes } from '../typegen/generate.js';
import { parseCliArgs, type ResolvedCliOptions } from './args.js';
import { endpointName } from './endpoint.js';
import { RunError, UsageError } from './errors.js';
import { HELP, VERSION } from './help.js';
import { type Painter, painter, SEPARATOR, type Writer, wantsColor } from './output.js';
import { displayUrl, redactSecrets } from './redact.js';
import { fetchJson, safeDecode } from './request.js';
import { writeTypesFile } from './write.js';

/** Everything the CLI touches, passed in so tests can drive it in memory. */
export interface CliIO {
  readonly stdout: Writer;
  readonly stderr: Writer;
  /** Folder the output path is resolved against. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly fetch: typeof fetch;
  /** Clock for the `Generated at` line. */
  readonly now: () => Date;
  readonly isTTY: { readonly stdout: boolean; readonly stderr: boolean };
}

/** Exit statuses (decisions.md, "CLI"). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** Runs the CLI on `argv` (without node and the script) and returns the exit status. Failures are printed, not thrown. */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const out = painter(wantsColor(io.isTTY.stdout, io.env));
  const err = painter(wantsColor(io.isTTY.stderr, io.env));
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`${err.error(`❌ Error: ${error.message}`)}\nRun typefetch --help for usage.\n`);
    return EXIT.usage;
  }
  if (parsed.command === 'help') {
    io.stdout.write(HELP);
    return EXIT.ok;
  }
  if (parsed.command === 'version') {
    io.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  return generate(parsed.options, io, out, err);
}

async function generate(options: ResolvedCliOptions, io: CliIO, out: Painter, err: Painter): Promise<number> {
  try {
    io.stdout.write(`🔄 Fetching ${options.method} ${displayUrl(options.url)}...\n`);
    const value = await fetchJson(options, io.fetch);
    const endpoint = endpointName(options.url);
    const types = generateTypes(value, {
      name: options.name ?? endpoint,
      onWarning: (message) => io.stderr.write(`${err.warning(`⚠️ ${message}`)}\n`),
    });
    const content = fileHeader(io.now()) + types;
    const file = await writeTypesFile(path.resolve(io.cwd, options.out), endpoint, content);
    io.stdout.write(
      [
        out.success('✅ Types generated successfully!'),
        `📁 Output: ${file}`,
        '📝 Generated types:',
        out.dim(SEPARATOR),
        content.endsWith('\n') ? content.slice(0, -1) : content,
        out.dim(SEPARATOR),
        '',
      ].join('\n'),
    );
    return EXIT.ok;
  } catch (error) {
    // Error text may quote what the server or the OS echoed back, credentials included.
    const secrets = secretsOf(options);
    const [first = '', ...rest] = redactSecrets(messageOf(error), secrets).split('\n');
    const lines = [err.error(`❌ Error: ${first}`)];
    if (options.verbose) {
      const more = [...rest, ...detailOf(error).map((line) => redactSecrets(line, secrets))];
      lines.push(...more.map((line) => `   ${line}`));
    }
    io.stderr.write(`${lines.join('\n')}\n`);
    return EXIT.failure;
  }
}

/** The two comment lines and the blank line every generated file starts with. */
export function fileHeader(now: Date): string {
  return `// This file was auto-generated from an API response.\n// Generated at: ${now.toISOString()}\n\n`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// The RunError's own detail, then the chain of causes (`fetch failed` -> `connect ECONNREFUSED ...`).
function detailOf(error: unknown): string[] {
  const lines = error instanceof RunError ? [...error.detail] : [];
  let said = messageOf(error);
  let cause = (error as { cause?: unknown } | null)?.cause;
  for (let depth = 0; cause !== undefined && depth < 5; depth++) {
    const inner = cause instanceof AggregateError ? cause.errors : [cause];
    for (const each of inner) {
      const code = (each as { code?: unknown } | null)?.code;
      // A RunError wraps fetch's own `fetch failed`; saying it twice tells nothing.
      if (messageOf(each) !== said) {
        lines.push(`cause: ${messageOf(each)}${typeof code === 'string' ? ` (${code})` : ''}`);
      }
    }
    said = messageOf(cause);
    cause = (cause as { cause?: unknown } | null)?.cause;
  }
  return lines;
}

// Everything that must not be printed: header values (and the token after a scheme such as `Bearer`)
// and the URL's password.
function secretsOf(options: ResolvedCliOptions): string[] {
  const secrets: string[] = [];
  for (const { value } of options.headers) {
    secrets.push(value.trim());
    const afterScheme = /^\S+\s+(.+)$/.exec(value.trim())?.[1];
    if (afterScheme !== undefined) secrets.push(afterScheme);
  }
  if (options.url.password !== '') secrets.push(safeDecode(options.url.password), options.url.password);
  // Longest first, so a value is not partly replaced by a shorter secret it contains.
  return secrets.sort((a, b) => b.length - a.length);
}
