// Whether two paths answer with the same kind of resource: the evidence that a segment in which they
// differ is a parameter (`/users/alice` and `/users/bob`) and not two resources (`/api/users` and
// `/api/posts`). docs/traffic.md, "How paths become templates".
import { GENERATE_DEFAULTS } from '../typegen/options.js';

/** The outline of a path's 2xx JSON bodies: their JSON kind, and for objects (or arrays of objects) the keys. */
export interface Outline {
  readonly kind: string;
  readonly keys: ReadonlySet<string>;
}

/** Keys two outlines must share (intersection over union) to count as one resource. */
export const SIMILARITY_THRESHOLD = 0.5;

/** The outline of several bodies of one path, or undefined when they disagree on their kind or say nothing (`[]`). */
export function outlineOf(bodies: readonly unknown[]): Outline | undefined {
  let kind: string | undefined;
  const keys = new Set<string>();
  for (const body of bodies) {
    const [bodyKind, objects] = describe(body);
    if (bodyKind === undefined) continue;
    if (kind !== undefined && kind !== bodyKind) return undefined;
    kind = bodyKind;
    for (const object of objects) for (const key of Object.keys(object)) keys.add(key);
  }
  return kind === undefined ? undefined : { kind, keys };
}

/** Whether two outlines describe the same resource: same kind, and for objects enough shared keys. */
export function similar(a: Outline | undefined, b: Outline | undefined): boolean {
  if (a === undefined || b === undefined || a.kind !== b.kind) return false;
  if (a.keys.size === 0 && b.keys.size === 0) return true;
  let shared = 0;
  for (const key of a.keys) if (b.keys.has(key)) shared++;
  return shared / (a.keys.size + b.keys.size - shared) >= SIMILARITY_THRESHOLD;
}

/** A body's kind (`object`, `array of object`, `string`, ...) and its objects; undefined kind for `[]`. */
function describe(body: unknown): [string | undefined, Record<string, unknown>[]] {
  if (Array.isArray(body)) {
    if (body.length === 0) return [undefined, []];
    return [`array of ${kindOf(body[0])}`, body.filter(isRecord)];
  }
  if (isRecord(body)) return ['object', [body]];
  return [body === null ? 'null' : typeof body, []];
}

/**
 * A value's kind, nested arrays followed through their first element (`array of array of number`);
 * `unknown` for `[]` and below the depth the types stop at, so no body, however deep, overflows the stack.
 */
function kindOf(value: unknown): string {
  let prefix = '';
  for (let depth = 0; depth < GENERATE_DEFAULTS.maxDepth; depth++) {
    if (!Array.isArray(value)) {
      return prefix + (isRecord(value) ? 'object' : value === null ? 'null' : typeof value);
    }
    if (value.length === 0) break;
    prefix += 'array of ';
    value = value[0];
  }
  return `${prefix}unknown`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
