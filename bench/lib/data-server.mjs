/**
 * Serves the generated records on 127.0.0.1 (its own process, so serving never competes with the
 * measured process): `node data-server.mjs <name>=<bytes> ...` serves `/<name>.json` (and `/small.json`,
 * a 3-record array for the cold-start benchmark). Prints `{"port":N,"files":{name:{bytes,records,sha256}}}`;
 * exits when stdin closes.
 */
import { createServer } from 'node:http';
import { generateRecordsJson } from './data.mjs';

const files = new Map();
const info = {};
const add = (name, text, records, sha256) => {
  const bytes = Buffer.from(text);
  files.set(`/${name}.json`, bytes);
  info[name] = { bytes: bytes.length, records, sha256 };
};
for (const arg of process.argv.slice(2)) {
  const [name, size] = arg.split('=');
  const { text, records, sha256 } = generateRecordsJson(Number(size));
  add(name, text, records, sha256);
}
{
  const { text, records, sha256 } = generateRecordsJson(1);
  const small = JSON.stringify(
    JSON.parse(text)
      .concat(JSON.parse(generateRecordsJson(1200).text))
      .slice(0, 3),
  );
  add('small', small, records && 3, sha256);
}

const server = createServer((req, res) => {
  const body = files.get(req.url);
  if (body === undefined) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port, files: info })}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
