// quicktype-core to TypeScript on the fetched JSON text (its documented in-memory API), written to a file.
import { writeFileSync } from 'node:fs';
import { InputData, jsonInputForTargetLanguage, quicktype } from 'quicktype-core';

const [url, file] = process.argv.slice(2);
const text = await (await fetch(url)).text();
const jsonInput = jsonInputForTargetLanguage('typescript');
await jsonInput.addSource({ name: 'Records', samples: [text] });
const inputData = new InputData();
inputData.addInput(jsonInput);
const result = await quicktype({ inputData, lang: 'typescript', rendererOptions: { 'just-types': 'true' } });
writeFileSync(file, result.lines.join('\n'));
