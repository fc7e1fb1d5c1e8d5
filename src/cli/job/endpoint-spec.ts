import type { CliMethod } from '../args/values.js';
import type { ResolvedOutput } from './output-format.js';
import type { Source } from './sources.js';

/**
 * What one endpoint of a run is, whether it comes from the command line or from a config file: where
 * its samples come from, what is sent to its URLs, and what is written. `Header` is a parsed `--header`,
 * or a config header whose `${VAR}` placeholders are filled in when the endpoint runs.
 */
export interface EndpointSpec<Header> {
  /** Output file name without its extension; only `[A-Za-z0-9_-]`. */
  readonly endpoint: string;
  readonly method: CliMethod;
  /** Every sample, in the order given: URLs, files and stdin (`-`), at least one. */
  readonly sources: readonly Source[];
  /** JSON text, already checked to parse; sent to every URL. */
  readonly body: string | undefined;
  readonly headers: readonly Header[];
  readonly timeoutMs: number;
  /** `format`, `named`, `maps`, `formats`, every one filled in. */
  readonly output: ResolvedOutput;
}
