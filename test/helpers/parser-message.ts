/**
 * The message the running platform's JSON parser gives for `text` (it differs between Node versions:
 * Node 22 adds `(line 1 column 2)` to some), so tests assert against it instead of a copy.
 */
export function parserMessage(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(text)} parses as JSON`);
}
