/**
 * The names a generated TypeScript or zod file exports (`export interface X`, `export type X`,
 * `export const xSchema`), in order. Read from the generator's own layout, one declaration per line start.
 */
export function exportedNames(text: string): string[] {
  return [...text.matchAll(/^export (?:interface|type|const) ([A-Za-z_$][\w$]*)/gm)].map(
    (match) => match[1]!,
  );
}
