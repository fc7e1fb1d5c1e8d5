// How a run treats the files it would write. `--check` is one of three modes; see docs/cli.md, "`--check`: the contract-drift gate".
import type { OutputFormat } from '../../typegen/options.js';
import type { Cycle } from '../io.js';

/** `write` always writes; `update` writes only when more than the timestamp changed (--watch); `check` never writes. */
export type JobMode = 'write' | 'update' | 'check';

/** The mode of a run: `--check`, else the first (or only) run writes, and later runs of --watch update. */
export function jobMode(check: boolean, cycle: Cycle): JobMode {
  if (check) return 'check';
  return cycle === 'once' ? 'write' : 'update';
}

/** `--check` can read TypeScript declarations back member by member; other formats compare as text. */
export function readsAsDeclarations(format: OutputFormat): boolean {
  return format === 'typescript';
}
