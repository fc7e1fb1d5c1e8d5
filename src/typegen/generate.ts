/** Options of {@link generateTypes}. */
export interface GenerateTypesOptions {
  /** Name of the generated type; turned into a valid PascalCase identifier (`user-profiles` -> `UserProfiles`). */
  name: string;
  /** Nesting depth past which a value is typed `unknown`. @default 64 */
  maxDepth?: number | undefined;
  /** Called with a one-line message for each thing worth a warning (the depth limit was hit). */
  onWarning?: ((message: string) => void) | undefined;
}

/**
 * Infers a TypeScript declaration from a parsed JSON value. Pure: no I/O.
 * Returns the declaration text (no header comment), ending with a newline.
 */
export function generateTypes(value: unknown, options: GenerateTypesOptions): string {
  void value;
  void options;
  throw new Error('generateTypes: not implemented yet');
}
