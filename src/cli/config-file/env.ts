// `${NAME}` in header values: the value of the environment variable NAME, so that no secret has to sit
// in the config file. `$${` stands for a literal `${`.
import { RunError, UsageError } from '../errors.js';

const PLACEHOLDER = /\$\$\{|\$\{([^}]*)\}|\$\{/g;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks the placeholders of a header value when the config is read. `where` names the value. */
export function checkTemplate(value: string, where: string): void {
  for (const match of value.matchAll(PLACEHOLDER)) {
    if (match[0] === '$${') continue;
    const name = match[1];
    if (name === undefined) throw new UsageError(`${where} has a "\${" without its closing "}"`);
    if (!VARIABLE_NAME.test(name)) {
      throw new UsageError(
        `${where} refers to "\${${name}}", which is not a valid environment variable name`,
      );
    }
  }
}

/**
 * The value with every placeholder replaced. A variable that is not set, or set to the empty string
 * (how CI systems pass a secret that is missing), is an error naming the header and the variable;
 * no value is ever part of a message. Returns the values used, so they can be kept out of output.
 */
export function substitute(
  value: string,
  env: Readonly<Record<string, string | undefined>>,
  header: string,
): { value: string; used: string[] } {
  const used: string[] = [];
  const result = value.replace(PLACEHOLDER, (match, name: string | undefined) => {
    if (match === '$${') return '${';
    const found = env[name!];
    if (found === undefined || found === '') {
      throw new RunError(
        `header "${header}" needs the environment variable ${name}, which is not set or is empty`,
      );
    }
    used.push(found);
    return found;
  });
  return { value: result, used };
}
