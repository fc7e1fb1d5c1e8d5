// One-line renderings of the parsed tree, for the lines of a `--check` report. Inline object types are
// shown as `{ … }`: their members get lines of their own, each with its path.
import { propertyKey } from '../../typegen/identifiers.js';
import type { TsDeclaration, TsMember, TsType } from './parse.js';

export function renderType(type: TsType): string {
  switch (type.kind) {
    case 'ref':
      return type.args.length === 0 ? type.name : `${type.name}<${type.args.map(renderType).join(', ')}>`;
    case 'literal':
      return type.text;
    case 'array': {
      const element = renderType(type.element);
      return type.element.kind === 'union' ? `(${element})[]` : `${element}[]`;
    }
    case 'union':
      return type.members.map(renderType).join(' | ');
    case 'object':
      return type.members.length === 0 ? '{}' : '{ … }';
  }
}

/** `email?: string | null;` */
export function renderMember(member: TsMember): string {
  const modifier = member.readonly ? 'readonly ' : '';
  return `${modifier}${propertyKey(member.key)}${member.optional ? '?' : ''}: ${renderType(member.type)};`;
}

/** `export interface Users { … }` or `export type Users = { … }[];` */
export function renderHead(declaration: TsDeclaration): string {
  return declaration.form === 'interface'
    ? `export interface ${declaration.name} { … }`
    : `export type ${declaration.name} = ${renderType(declaration.type)};`;
}

/** `Users.address.city`, `Users[].tags`, `Users["first-name"]`. */
export function memberPath(parent: string, key: string): string {
  const written = propertyKey(key);
  return written === key ? `${parent}.${key}` : `${parent}[${written}]`;
}
