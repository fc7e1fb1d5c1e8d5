import { checkHeaderName, checkHeaderValue } from '../args/headers.js';
import { checkTemplate } from './env.js';
import { invalid, object } from './validate.js';

/** A header whose value may hold `${NAME}` placeholders, filled in when the endpoint runs. */
export interface HeaderTemplate {
  readonly name: string;
  readonly template: string;
}

/**
 * The `headers` object of a config file or endpoint: names checked, placeholders checked, and values
 * without placeholders checked as header values (the others are checked once filled in).
 */
export function headerTemplates(raw: unknown, where: string): HeaderTemplate[] {
  if (raw === undefined) return [];
  const entries = Object.entries(object(raw, where));
  return entries.map(([name, template]) => {
    const at = `${where}["${name}"]`;
    if (typeof template !== 'string') return invalid(`${at} must be a string`);
    checkHeaderName(name, `${where}: header`);
    checkTemplate(template, at);
    // A value with placeholders is checked once they are filled in.
    if (!template.includes('${')) checkHeaderValue(name, template, `${where}: header`);
    return { name, template };
  });
}
