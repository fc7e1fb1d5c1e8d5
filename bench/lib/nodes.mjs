/** The Nodes the client and type-generation benchmarks compare, each a registry binary (scripts/node-binary.mjs). */
import { execFileSync } from 'node:child_process';
import { nodeBinary } from '../../scripts/node-binary.mjs';

/** By major: the Node most users run, and the oldest supported. */
export const BENCH_NODE_MAJORS = [24, 20];

/** Each Node's binary (installed from the registry on first use) and version. */
export function benchNodes() {
  return BENCH_NODE_MAJORS.map((major) => {
    const path = nodeBinary(major);
    const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
    return { name: `Node ${major}`, path, label: `Node ${version.slice(1)}` };
  });
}
