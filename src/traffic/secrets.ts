// Which query parameters hold secrets: the names the client's logger redacts (docs/logging.md), so the
// logs, the CLI and the traffic outputs hide the same things.
import { REDACTED, redactUrl } from '../client/logging/redact.js';

/** Whether a query parameter's value is a secret (`token`, `api_key`, `signature`, ...), by its name. */
export function isSecretQueryName(name: string): boolean {
  const probe = `?${encodeURIComponent(name)}=x`;
  return redactUrl(probe) === `?${encodeURIComponent(name)}=${REDACTED}`;
}
