// The har command, `typefetch --type --har <file.har>`: every request of a HAR file whose response is
// JSON, or a 2xx without a body (a 204), joins an endpoint `METHOD /path/{template}`; one file per
// endpoint plus index.ts with the endpoint map, or with --format=openapi one openapi.json. A config file's
// `har` key runs the same. Headers, cookies and secret query values of the HAR are never read, written or
// printed (docs/traffic.md, "Secrets").
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomically, writeTypesFile } from '../../node/atomic-write.js';
import { fileHeader, indexHeader } from '../../shared/file-header.js';
import { emitEndpointMap } from '../../traffic/endpoint-map.js';
import { type EndpointTypes, typeEndpoints } from '../../traffic/endpoint-types.js';
import { readHar, type Traffic } from '../../traffic/endpoints.js';
import { HarError, type Skipped } from '../../traffic/har.js';
import { emitOpenApi, inOpenApi } from '../../traffic/openapi.js';
import type { ResolvedHarCommand } from '../args/parse.js';
import { UsageError } from '../errors.js';
import { type CliIO, type Command, EXIT } from '../io.js';
import { checkOutDir } from '../job/out-dir.js';
import type { ResolvedOutput } from '../job/output-format.js';
import { decodeSampleBytes } from '../job/samples-text.js';
import { failureText, usageText } from '../terminal/failure.js';
import { displayPath, type Painter, paintersFor } from '../terminal/paint.js';

/** The file of a HAR run that holds the endpoint map (and re-exports every endpoint's types). */
export const MAP_FILE = 'index';
/** The file of `--format=openapi`. */
export const OPENAPI_FILE = 'openapi.json';

/** What one HAR run needs, whether from the command line or from a config file's `har`. */
export interface HarRun {
  /** Absolute path of the HAR file. */
  readonly file: string;
  /** How the file is named in messages: as the user gave it. */
  readonly shown: string;
  /** The line printed when the file does not exist, naming where it was given (`--har`, a config's `har`). */
  readonly notFound: string;
  /** Absolute output folder. */
  readonly outDir: string;
  readonly openapi: boolean;
  readonly output: ResolvedOutput;
  readonly verbose: boolean;
}

export const runHarCommand: Command<ResolvedHarCommand> = async (command, io) => {
  const outDir = path.resolve(io.cwd, command.out);
  try {
    await checkOutDir(outDir, '--out', io.cwd);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(usageText(error.message, paintersFor(io).err));
    return EXIT.usage;
  }
  return runHar(
    {
      file: path.resolve(io.cwd, command.harPath),
      shown: command.harPath,
      notFound: `--har file not found: "${command.harPath}"`,
      outDir,
      openapi: command.openapi,
      output: command.output,
      verbose: command.verbose,
    },
    io,
  );
};

/** Reads the HAR, writes the files, prints one line per file and a summary; returns the exit status. */
export async function runHar(run: HarRun, io: CliIO): Promise<number> {
  const { out, err } = paintersFor(io);
  let text: string;
  try {
    // UTF-8, or UTF-16 with its byte-order mark (a HAR passed through Windows PowerShell), as a sample is.
    text = decodeSampleBytes(await readFile(run.file));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') {
      io.stderr.write(usageText(run.notFound, err));
      return EXIT.usage;
    }
    io.stderr.write(failureText(new Error(`${run.shown} cannot be read (${String(code)})`), quiet(err)));
    return EXIT.failure;
  }
  let traffic: Traffic;
  try {
    traffic = readHar(text);
  } catch (error) {
    if (!(error instanceof HarError)) throw error;
    io.stderr.write(failureText(new Error(`${run.shown}: ${error.message}`), quiet(err)));
    return EXIT.failure;
  }
  if (traffic.endpoints.length === 0) {
    io.stderr.write(
      failureText(
        new Error(`${run.shown} holds no JSON response to type${skippedNote(traffic.skipped, '; ')}`),
        quiet(err),
      ),
    );
    return EXIT.failure;
  }
  const { format: _typescript, ...switches } = run.output;
  const types = typeEndpoints(traffic.endpoints, switches);
  try {
    const lines = run.openapi
      ? await writeOpenApi(types, traffic, run.outDir)
      : await writeTypes(types, run.outDir, io.now());
    for (const [key, file] of lines)
      io.stdout.write(`${out.success('✅')} ${key} -> ${displayPath(io.cwd, file)}\n`);
  } catch (error) {
    io.stderr.write(failureText(error, { secrets: [], verbose: run.verbose, paint: err }));
    return EXIT.failure;
  }
  io.stdout.write(`${out.success(summaryLine(types, traffic.skipped, run, io.cwd))}\n`);
  return EXIT.ok;
}

function quiet(err: Painter) {
  return { secrets: [], verbose: false, paint: err };
}

/** One file per endpoint (its response, error, body and query types) and index.ts with the map. */
async function writeTypes(
  types: readonly EndpointTypes[],
  outDir: string,
  now: Date,
): Promise<[string, string][]> {
  const lines: [string, string][] = [];
  for (const endpoint of types) {
    // An endpoint seen only with 1xx or 3xx answers, or 2xx ones without a body (a 204), may have no type;
    // `export {}` keeps its file a module, so the `export *` of index.ts compiles (docs/traffic.md, "Files
    // and type names").
    const declarations = endpoint.typescript === '' ? 'export {};\n' : endpoint.typescript;
    const file = await writeTypesFile(
      outDir,
      endpoint.file,
      fileHeader(now, endpoint.endpoint.key) + declarations,
    );
    lines.push([endpoint.endpoint.key, file]);
  }
  const index = await writeTypesFile(outDir, MAP_FILE, mapFile(types, now));
  lines.push(['export interface Api', index]);
  return lines;
}

/** `index.ts` of a HAR run: every endpoint's types re-exported, then the endpoint map. */
export function mapFile(types: readonly EndpointTypes[], now: Date): string {
  const exports = types.map((endpoint) => `export * from './${endpoint.file}.js';\n`).join('');
  const map = emitEndpointMap(types, { importFrom: (endpoint) => `./${endpoint.file}.js` });
  return `${indexHeader(now)}${exports}\n${map}`;
}

async function writeOpenApi(
  types: readonly EndpointTypes[],
  traffic: Traffic,
  outDir: string,
): Promise<[string, string][]> {
  const file = path.join(outDir, OPENAPI_FILE);
  await writeAtomically(file, emitOpenApi(types, { servers: traffic.servers }));
  const described = types.filter(inOpenApi).length;
  const outside = types.filter((each) => !inOpenApi(each)).map((each) => each.endpoint.key);
  const counted = `OpenAPI 3.1, ${described} ${described === 1 ? 'endpoint' : 'endpoints'}`;
  // A method OpenAPI has no operation for (QUERY, PROPFIND) is left out of the document, and said so.
  const note =
    outside.length === 0 ? '' : ` (left out, a method OpenAPI 3.1 cannot describe: ${outside.join(', ')})`;
  return [[counted + note, file]];
}

/** `✅ 3 endpoints from api.har in src/api; 4 entries skipped (3 not JSON, 1 not recorded)`. */
function summaryLine(types: readonly EndpointTypes[], skipped: Skipped, run: HarRun, cwd: string): string {
  const requests = types.reduce((sum, each) => sum + each.endpoint.exchanges.length, 0);
  const counted = `${types.length} ${types.length === 1 ? 'endpoint' : 'endpoints'}`;
  const from = `${requests} ${requests === 1 ? 'request' : 'requests'}`;
  return `✅ ${counted} from ${from} in ${run.shown}, written to ${displayPath(cwd, run.outDir)}${skippedNote(skipped, '; ')}`;
}

/** `; 4 entries skipped (3 not JSON, 1 not recorded)`, or nothing when none was. */
function skippedNote(skipped: Skipped, separator: string): string {
  if (skipped.total === 0) return '';
  const reasons = [
    [skipped.notJson, 'not JSON'],
    [skipped.notRecorded, 'not recorded'],
    [skipped.malformed, 'malformed'],
    [skipped.preflight, 'CORS preflight'],
  ]
    .filter(([count]) => count !== 0)
    .map(([count, why]) => `${count} ${why}`)
    .join(', ');
  return `${separator}${skipped.total} ${skipped.total === 1 ? 'entry' : 'entries'} skipped (${reasons})`;
}
