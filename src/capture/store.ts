// The endpoints seen so far: for each, its file, the inference its samples merge into, and whether it
// has changed since it was last written.
import { captureHeader, captureMapHeader } from '../shared/file-header.js';
import { FORMAT_FILES, outputFileName } from '../shared/output-file.js';
import { emitEndpointMap } from '../traffic/endpoint-map.js';
import { quote } from '../traffic/query.js';
import { toTypeName } from '../typegen/identifiers.js';
import { createInference, type Inference, type InferOptions } from '../typegen/infer.js';
import { GENERATE_DEFAULTS, resolveGenerateOptions } from '../typegen/options.js';
import { render } from '../typegen/render.js';
import { type EndpointKey, fileStem, typeNameOf } from './endpoint.js';
import { OPENAPI_FILE } from './openapi.js';
import type { CapturedEndpoint, ResolvedCaptureOptions } from './options.js';

export interface EndpointState {
  readonly key: EndpointKey;
  readonly file: string;
  /**
   * The type name when the `name` option gives none: `GetUsersUserId` for `get-users-userid.ts` (`''`
   * with `format: 'openapi'`, whose document names its schemas itself).
   */
  readonly type: string;
  readonly inference: Inference;
  samples: number;
  dirty: boolean;
  warned: boolean;
}

export class EndpointStore {
  private readonly byKey = new Map<string, EndpointState>();
  private readonly files = new Set<string>();
  /** The default type name of each file, so that no two are the same. */
  private readonly fileTypes = new Set<string>();
  private limitReported = false;
  /**
   * Everything but `maps`: an endpoint's inference takes more responses after each write, and folding
   * dictionaries while reading settles the Shapes that later responses merge into, so dictionaries are
   * found when rendering instead (docs/capture.md, "Options").
   */
  private readonly inferOptions: InferOptions;

  constructor(private readonly options: ResolvedCaptureOptions) {
    const { formats, enums, integers, taggedUnions } = options.generate;
    this.inferOptions = { formats, enums, integers, taggedUnions };
  }

  /**
   * Whether a response of `key` can be captured: a known endpoint, or room for a new one (reaching the
   * limit is reported once). Asked before a body is read, so none is read for nothing.
   */
  accepts(key: EndpointKey): boolean {
    if (this.byKey.has(key.key) || this.byKey.size < this.options.maxEndpoints) return true;
    if (!this.limitReported) {
      this.limitReported = true;
      this.options.onError(
        new Error(
          `maxEndpoints (${this.options.maxEndpoints}) reached: responses of ${key.key} and other new endpoints are not captured`,
        ),
      );
    }
    return false;
  }

  /**
   * The state of `key`, created with its first response, right before {@link add}: an endpoint whose
   * bodies were all empty or not JSON is never kept, nor counts towards `maxEndpoints`. `undefined` once
   * `maxEndpoints` are kept.
   */
  endpoint(key: EndpointKey): EndpointState | undefined {
    const known = this.byKey.get(key.key);
    if (known !== undefined) return known;
    if (!this.accepts(key)) return undefined;
    const { file, type } = this.options.openapi ? { file: OPENAPI_FILE, type: '' } : this.uniqueFile(key);
    const state: EndpointState = {
      key,
      file,
      type,
      inference: createInference(GENERATE_DEFAULTS.maxDepth, this.inferOptions),
      samples: 0,
      dirty: false,
      warned: false,
    };
    this.byKey.set(key.key, state);
    return state;
  }

  /** Merges a response into the endpoint's types; with `format: 'openapi'` only counts it (see ./openapi.ts). */
  add(state: EndpointState, value: unknown): void {
    if (!this.options.openapi) state.inference.add(value);
    state.samples++;
    state.dirty = true;
  }

  /** The endpoints changed since their last write, marked clean. */
  takeDirty(): EndpointState[] {
    const dirty = [...this.byKey.values()].filter((state) => state.dirty);
    for (const state of dirty) state.dirty = false;
    return dirty;
  }

  markDirty(state: EndpointState): void {
    state.dirty = true;
  }

  /** The file text of an endpoint: a header comment (not in JSON), then generateTypes' output. */
  render(state: EndpointState): string {
    const resolved = resolveGenerateOptions({
      name: this.typeName(state),
      ...this.options.generate,
      onWarning: (message: string) => {
        if (state.warned) return;
        state.warned = true;
        this.options.onError(new Error(`${state.key.key}: ${message}`));
      },
    });
    const text = render(state.inference.result(), resolved);
    return FORMAT_FILES[this.options.generate.format].header
      ? captureHeader(state.samples, state.key.key) + text
      : text;
  }

  /**
   * The text of `index.ts`: the endpoint map `export interface Api` of every endpoint with a response
   * (docs/traffic.md, "The endpoint map"), importing each type from its file. `undefined` for JSON Schema
   * output, which declares no TypeScript type, and before any response.
   */
  renderMap(): string | undefined {
    if (!FORMAT_FILES[this.options.generate.format].header) return undefined;
    const states = this.captured();
    if (states.length === 0) return undefined;
    const declared = states.map((state) => toTypeName(this.typeName(state)));
    // `name` may give two endpoints one type name (`User` for GET and PUT /users/{id}), or `Api`, the
    // map's own: a later one is imported under a free alias (`User as User2`), so the map compiles.
    const taken = new Set(['Api']);
    const entries = states.map((state, i) => {
      const declaredName = declared[i] as string;
      let local = declaredName;
      for (let n = 2; taken.has(local) || (local !== declaredName && declared.includes(local)); n++) {
        local = `${declaredName}${n}`;
      }
      taken.add(local);
      const imported = local === declaredName ? local : `${declaredName} as ${local}`;
      const from = quote(`./${state.file.replace(/\.ts$/, '.js')}`);
      return {
        endpoint: state.key,
        names: { response: local },
        line: `import type { ${imported} } from ${from};`,
      };
    });
    const imports = entries.map((entry) => entry.line).join('\n');
    return `${captureMapHeader(entries.length)}${imports}\n\n${emitEndpointMap(entries)}`;
  }

  /** What `endpoints()` returns: the endpoints the files hold (see {@link captured}). */
  list(): CapturedEndpoint[] {
    return this.captured().map((state) => this.describe(state));
  }

  /**
   * The endpoints with at least one response merged, in the order of their first: those the files and the
   * map hold (docs/capture.md).
   */
  private captured(): EndpointState[] {
    return [...this.byKey.values()];
  }

  /** The endpoint's file and default type name, both free. */
  private uniqueFile(key: EndpointKey): { file: string; type: string } {
    const { format } = this.options.generate;
    const base = fileStem(key);
    // Two patterns can clean to one name (`/a-b` and `/a/b`): the later one gets a number. Its type name
    // must be free too: `get-a-b-2` and `get-a-b2` would both declare `GetAB2`.
    let file = outputFileName(base, format);
    let type = typeNameOf(key);
    for (let n = 2; this.files.has(file) || this.fileTypes.has(type); n++) {
      file = outputFileName(`${base}-${n}`, format);
      type = typeNameOf(key, n);
    }
    this.files.add(file);
    this.fileTypes.add(type);
    return { file, type };
  }

  /** The name given to the generator: the `name` option's, else the endpoint's own. */
  private typeName(state: EndpointState): string {
    return this.options.name?.(this.describe(state)) ?? state.type;
  }

  private describe(state: EndpointState): CapturedEndpoint {
    return { ...state.key, file: state.file, samples: state.samples };
  }
}
