// One run of the dictionary benchmark: `node typegen-dictionaries.mjs <tool> <input.json> <output>`.
// floor: read + JSON.parse (and write a one-line file); typefetch: the same, then generateTypes (named,
// as for any document this size) and write the declarations; quicktype: quicktype-core to TypeScript on
// the file's text, its documented in-memory API. Prints nothing; the caller measures time and RSS.
import { readFileSync, writeFileSync } from 'node:fs';

const [tool, input, output] = process.argv.slice(2);
const text = readFileSync(input, 'utf8');
if (tool === 'floor') {
  const value = JSON.parse(text);
  writeFileSync(output, `export const keys = ${Object.keys(value).length};\n`);
} else if (tool === 'typefetch') {
  const { generateTypes } = await import('../../dist/index.js');
  writeFileSync(output, generateTypes(JSON.parse(text), { name: 'data', named: true }));
} else if (tool === 'quicktype') {
  const { InputData, jsonInputForTargetLanguage, quicktype } = await import('quicktype-core');
  const jsonInput = jsonInputForTargetLanguage('typescript');
  await jsonInput.addSource({ name: 'Data', samples: [text] });
  const inputData = new InputData();
  inputData.addInput(jsonInput);
  const result = await quicktype({
    inputData,
    lang: 'typescript',
    rendererOptions: { 'just-types': 'true' },
  });
  writeFileSync(output, result.lines.join('\n'));
} else {
  throw new Error(`unknown tool ${tool}: floor, typefetch or quicktype`);
}
