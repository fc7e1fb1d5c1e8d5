/**
 * The resolved output options when nothing sets them, written out rather than read from src/ so the
 * tests that expect them go red when a default changes.
 */
export const DEFAULT_OUTPUT = {
  format: 'typescript',
  named: false,
  maps: true,
  formats: false,
  enums: false,
  taggedUnions: false,
  integers: false,
} as const;
