import { checkHeaderName, checkHeaderValue } from '../args/headers.js';
import { checkTemplate } from './env.js';
import { type Fail, object } from './validate.js';

/** A header whose value may hold `${NAME}` placeholders, filled in when the endpoint runs. */
export interface HeaderTemplate {
  readonly name: string;
  readonly template: string;
}

/**
 * The `headers` object of a config file or endpoint: names checked, placeholders checked, and values
 * without placeholders checked as header values (the others are checked once filled in).
 */
export function headerTemplates(raw: unknown, where: string, fail: Fail): HeaderTemplate[] {
  if (raw === undefined) return [];
  const entries = Object.entries(object(raw, where, fail));
  return entries.map(([name, template]) => {
    const at = `${where}["${name}"]`;
    if (typeof template !== 'string') fail(`${at} must be a string`);
    try {
      checkHeaderName(name, `${where}: header`);
      checkTemplate(template as string, `${at}`);
      // A value with placeholders is checked once they are filled in.
      if (!(template as string).includes('${'))
        checkHeaderValue(name, template as string, `${where}: header`);
    } catch (error) {
      fail((error as Error).message);
    }
    return { name, template: template as string };
  });
}
