// How a failure is printed: `❌ Error: <message>` with every secret replaced, and with --verbose the
// detail and the chain of causes on further lines.

import { isSecretName } from '../../client/logging/redact.js';
import { safeDecode } from '../../shared/safe-decode.js';
import { basicAuthorization, type HeaderArg } from '../args/headers.js';
import { RunError } from '../errors.js';
import { escapeControls } from './escape.js';
import type { Painter } from './paint.js';
import { redactSecrets } from './redact.js';

/**
 * Everything that must not be printed: header values (and the token after a scheme such as `Bearer`, and
 * each cookie's value), the URLs' userinfo (username and password) and the Basic credentials made of
 * them, secret-named query values (`?api_key=...`), and any extra value (an environment variable
 * substituted into a header).
 * Longest first, so a value is not partly replaced by a shorter secret it contains.
 */
export function secretsOf(
  headers: readonly HeaderArg[],
  urls: readonly URL[],
  extra: readonly string[] = [],
): string[] {
  const secrets: string[] = [...extra];
  for (const { name, value } of headers) {
    secrets.push(value.trim());
    const afterScheme = /^\S+\s+(.+)$/.exec(value.trim())?.[1];
    if (afterScheme !== undefined) secrets.push(afterScheme);
    // A server may echo one cookie's value without its name (`session <id> has expired`).
    if (name.toLowerCase() === 'cookie') {
      for (const pair of value.split(';')) {
        const eq = pair.indexOf('=');
        if (eq !== -1 && pair.slice(eq + 1).trim() !== '') secrets.push(pair.slice(eq + 1).trim());
      }
    }
  }
  for (const url of urls) {
    if (url.password !== '') secrets.push(safeDecode(url.password), url.password);
    // A username alone can be a token (`https://<token>@github.com`), as displayUrl assumes too.
    if (url.username !== '') secrets.push(safeDecode(url.username), url.username);
    // The `Authorization: Basic ...` made of the userinfo, which a server may echo like any header.
    const basic = basicAuthorization(url);
    if (basic !== undefined) secrets.push(basic, basic.slice('Basic '.length));
    // A server may echo the request's URL in its error body.
    for (const pair of url.search.slice(1).split('&')) {
      const eq = pair.indexOf('=');
      const raw = eq === -1 ? '' : pair.slice(eq + 1);
      if (raw === '' || !isSecretName(safeDecode(pair.slice(0, eq)))) continue;
      const decoded = safeDecode(raw.replace(/\+/g, ' '));
      secrets.push(raw, ...(decoded === raw ? [] : [decoded]));
    }
  }
  return secrets.sort((a, b) => b.length - a.length);
}

/**
 * The values of the secret-named members (`password`, `client_secret`, ..., the names of isSecretName) of a
 * JSON request body, at any depth, as written and as a JSON string holds them: a server may echo the body
 * in its error (a validation error's `input`). None for a body that is not JSON.
 */
export function bodySecrets(body: string | undefined): string[] {
  let value: unknown;
  try {
    value = body === undefined ? undefined : JSON.parse(body);
  } catch {
    return [];
  }
  const secrets: string[] = [];
  // A stack, not recursion: a body may nest deeper than the call stack goes.
  const stack: [unknown, boolean][] = [[value, false]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, secret] = next;
    if (secret && (typeof node === 'string' || typeof node === 'number')) {
      const text = String(node);
      const escaped = JSON.stringify(text).slice(1, -1);
      secrets.push(text, ...(escaped === text ? [] : [escaped]));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, each] of Object.entries(node)) stack.push([each, secret || isSecretName(key)]);
    }
  }
  return secrets;
}

/** The error lines, redacted; `prefix` (an endpoint name) goes before the message. Ends with a newline. */
export function failureText(
  error: unknown,
  options: { secrets: readonly string[]; verbose: boolean; paint: Painter; prefix?: string },
): string {
  // Error text may quote what the server or the OS echoed back, credentials included.
  const [first = '', ...rest] = redactSecrets(messageOf(error), options.secrets).split('\n');
  const lines = [options.paint.error(`❌ Error: ${options.prefix ?? ''}${first}`)];
  if (options.verbose) {
    const more = [...rest, ...detailOf(error).map((line) => redactSecrets(line, options.secrets))];
    lines.push(...more.map((line) => `   ${line}`));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A usage error: `❌ Error: <reason>` and the hint to --help (exit 2). Ends with a newline. A control
 * character of a quoted argument (the `\r` a script with Windows line ends leaves) is written as an escape.
 */
export function usageText(message: string, paint: Painter): string {
  return `${paint.error(`❌ Error: ${escapeControls(message)}`)}\nRun typefetch --help for usage.\n`;
}

/** The first line of the error, redacted: for one-line displays such as the progress of a config run. */
export function shortMessage(error: unknown, secrets: readonly string[]): string {
  return redactSecrets(messageOf(error), secrets).split('\n')[0] ?? '';
}

export function messageOf(error: unknown): string {
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
      // A RunError wraps fetch's own `fetch failed` (and adds its reason); saying it twice tells nothing.
      if (!said.includes(messageOf(each))) {
        lines.push(`cause: ${messageOf(each)}${typeof code === 'string' ? ` (${code})` : ''}`);
      }
    }
    said += `\n${messageOf(cause)}`;
    cause = (cause as { cause?: unknown } | null)?.cause;
  }
  return lines;
}
