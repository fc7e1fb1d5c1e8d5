/**
 * JSON.parse's message without the excerpt of the text that V8 quotes in some of them
 * (`Unexpected token 's', "{"token": sk_live_1}" is not valid JSON` becomes `Unexpected token 's'`):
 * the text may hold a secret, a password in `--body` or a token in a config file's headers. The rest
 * still says what broke, and in most messages where (`at position 6 (line 1 column 7)`). See
 * docs/cli.md, "Errors and what to do".
 */
export function jsonErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const excerpt = /^([\s\S]*?), (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/.exec(message);
  return excerpt === null ? message : (excerpt[1] as string);
}
