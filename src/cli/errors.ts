/**
 * A mistake in the command line: the CLI prints `❌ Error: <message>` and a hint to `--help`, exit 2.
 * Messages never hold a `--header` value.
 */
export class UsageError extends Error {
  override name = 'UsageError' as const;
}

/**
 * A failure while running a valid command (request, JSON parse, write): `❌ Error: <message>`, exit 1.
 * `detail` lines are printed only with `--verbose`.
 */
export class RunError extends Error {
  override name = 'RunError' as const;
  readonly detail: readonly string[];

  constructor(message: string, options: { cause?: unknown; detail?: readonly string[] } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.detail = options.detail ?? [];
  }
}

/**
 * Ctrl+C under `--watch`, with requests of the run not sent yet: the run ends once the request under way
 * is done, sends no other and reports nothing more (docs/cli.md, "--watch").
 */
export class Stopped extends Error {
  override name = 'Stopped' as const;

  constructor() {
    super('stopped before every request was sent');
  }
}
