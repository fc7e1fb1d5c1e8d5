// json-to-ts on the fetched, parsed JSON, written to a file.
import { writeFileSync } from 'node:fs';
import JsonToTS from 'json-to-ts';

const [url, file] = process.argv.slice(2);
const value = JSON.parse(await (await fetch(url)).text());
const toTs = JsonToTS.default ?? JsonToTS;
writeFileSync(file, toTs(value, { rootName: 'Records' }).join('\n\n'));
