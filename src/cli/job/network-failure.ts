// What a network failure says on its one line. fetch rejects with `fetch failed` (or `terminated` when
// the connection breaks while the body is read), which says neither what went wrong nor what to do; the
// code of the innermost cause does. See docs/cli.md, "Errors and what to do".

import { messageOf } from '../terminal/failure.js';

/** [what went wrong, what to do], by the cause's code. */
const REASONS: ReadonlyMap<string, readonly [string, string]> = new Map(
  Object.entries({
    ECONNREFUSED: ['connection refused', 'is the server running, on that host and port?'],
    ENOTFOUND: ['host not found', 'check the host name in the URL'],
    EAI_AGAIN: ['the host name could not be looked up', 'check the network and DNS, then retry'],
    ECONNRESET: ['the server reset the connection', 'retry, or check the server'],
    UND_ERR_SOCKET: ['the server closed the connection', 'retry, or check the server'],
    ETIMEDOUT: ['connecting timed out', 'check the host, the port and the network'],
    UND_ERR_CONNECT_TIMEOUT: ['connecting timed out', 'check the host, the port and the network'],
    EHOSTUNREACH: ['the host cannot be reached', 'check the network'],
    ENETUNREACH: ['the network cannot be reached', 'check the connection'],
    CERT_HAS_EXPIRED: ["the server's TLS certificate has expired", 'renew it on the server'],
    ERR_TLS_CERT_ALTNAME_INVALID: [
      "the server's TLS certificate is for another host name",
      'check the host name in the URL',
    ],
  }),
);

// Node's other certificate verification codes (SELF_SIGNED_CERT_IN_CHAIN, UNABLE_TO_VERIFY_LEAF_SIGNATURE, ...).
const UNTRUSTED: readonly [string, string] = [
  "the server's TLS certificate is not trusted",
  'for a private or self-signed CA, point NODE_EXTRA_CA_CERTS at its PEM file',
];

/**
 * fetch's message with the reason and the remedy its cause's code gives; for a cause without a known
 * code, with the innermost cause's own first line (`fetch failed: bad port`).
 *
 * @example networkFailureMessage(refused) // 'fetch failed: connection refused (ECONNREFUSED); is the server running, on that host and port?'
 */
export function networkFailureMessage(error: unknown): string {
  const message = messageOf(error);
  const { code, inner } = innermostCause(error);
  const reason =
    code === undefined
      ? undefined
      : (REASONS.get(code) ?? (/CERT|SIGNATURE/.test(code) ? UNTRUSTED : undefined));
  if (reason !== undefined) return `${message}: ${reason[0]} (${code}); ${reason[1]}`;
  const said = inner.split('\n')[0] ?? '';
  return said === '' || message.includes(said) ? message : `${message}: ${said}`;
}

/** The string `code` of the innermost cause that has one, and the innermost cause's message. */
function innermostCause(error: unknown): { code: string | undefined; inner: string } {
  let code: string | undefined;
  let inner = '';
  let cause = (error as { cause?: unknown } | null)?.cause;
  for (let depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth++) {
    const own = (cause as { code?: unknown }).code;
    if (typeof own === 'string') code = own;
    inner = messageOf(cause);
    // An AggregateError (one error per address tried) speaks through its first error.
    cause = cause instanceof AggregateError ? cause.errors[0] : (cause as { cause?: unknown }).cause;
  }
  return { code, inner };
}
