// The floor of the type generation and cold-start benchmarks: the least any tool must do, fetch the URL
// and JSON.parse it (with `--write <file>`, also write a file, as the CLI does).
import { writeFileSync } from 'node:fs';

const [url, flag, file] = process.argv.slice(2);
const value = JSON.parse(await (await fetch(url)).text());
if (!Array.isArray(value) && typeof value !== 'object') throw new Error('unexpected JSON');
if (flag === '--write')
  writeFileSync(file, `export const count = ${Array.isArray(value) ? value.length : 1};\n`);
