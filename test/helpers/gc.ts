// A real garbage collection from a test, for what is linked weakly (WeakRef, FinalizationRegistry): only
// a collection shows what stays alive.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Collects in several rounds: finalization callbacks run in a later task (one collection frees what the
 * next collects), and a WeakRef keeps its target for the rest of the task that created it.
 */
export async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs `run` and returns the unhandled rejections the process saw meanwhile. */
export async function unhandledRejectionsDuring(run: () => Promise<void>): Promise<unknown[]> {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown): void => {
    rejections.push(reason);
  };
  process.on('unhandledRejection', onRejection);
  try {
    await run();
  } finally {
    process.off('unhandledRejection', onRejection);
  }
  return rejections;
}
