// The config file of `typefetch --type --config <file>`: typefetch.config.json, or a .js/.mjs/.cjs/.ts
// module whose default export is this object. Paths in it are relative to the config file's folder.
// This file holds types and one identity function only: the package root exports them (see docs/cli.md,
// "Config file"), and the client bundle must not grow by any Node code.

/**
 * A whole config file: `endpoints` to fetch, or a `har` file to read. Unknown keys are an error, so a
 * typo does not go unnoticed.
 */
export type TypefetchConfig = TypefetchConfigOptions &
  (
    | { /** At least one. */ endpoints: TypefetchEndpointConfig[]; har?: never }
    | {
        /**
         * A HAR file (relative to the config file) whose JSON exchanges are typed per endpoint, as
         * `typefetch --type --har` does (docs/traffic.md); instead of `endpoints`.
         */
        har: string;
        endpoints?: never;
      }
  );

/** The keys of a config file besides `endpoints` and `har`. */
export interface TypefetchConfigOptions {
  /** Ignored; lets editors find a JSON Schema. */
  $schema?: string;
  /**
   * Folder for the generated files and `index.ts`, relative to the config file. `--out` overrides it
   * (relative to the working folder).
   * @default "src/types"
   */
  out?: string;
  /**
   * Prefix for endpoint URLs that are not absolute: `"https://staging.example.com/api"` with
   * `"url": "/users"` fetches `https://staging.example.com/api/users`.
   */
  baseUrl?: string;
  /**
   * How many endpoints are fetched at the same time, 1 to 32. `--concurrency` overrides it.
   * @default 4
   */
  concurrency?: number;
  /**
   * Milliseconds each request may take (redirects and body included). `--timeout` overrides it and
   * every endpoint's own.
   * @default 30000
   */
  timeout?: number;
  /**
   * Headers sent to every endpoint; an endpoint's own headers of the same name replace them.
   * `${NAME}` in a value is replaced by the environment variable NAME (`$${` writes a literal `${`).
   * @example { "Authorization": "Bearer ${API_TOKEN}" }
   */
  headers?: Record<string, string>;
  /**
   * What every endpoint writes unless it sets its own: TypeScript declarations, a zod 4 module (both
   * `<name>.ts`), or a JSON Schema 2020-12 document (`<name>.json`, no header, not in `index.ts`).
   * `--format` overrides it and every endpoint's.
   * @default "typescript"
   */
  format?: 'typescript' | 'zod' | 'json-schema';
  /** Nested object types as their own declarations (`--named` turns it on for all). @default false */
  named?: boolean;
  /** `Record<string, T>` for objects keyed by ids or dates (`--no-maps` turns it off for all). @default true */
  maps?: boolean;
  /** `@format` tags on date, UUID, email and URL strings (`--formats` turns it on for all). @default false */
  formats?: boolean;
  /**
   * A string member with few distinct values, each seen several times, becomes a union of string
   * literals (zod `z.enum`, JSON Schema `enum`). `--enums` turns it on for all.
   * @default false
   */
  enums?: boolean;
  /**
   * Objects at one position that share a string member splitting them into different shapes become a
   * union of variants, each with its literal tag. `--tagged-unions` turns it on for all.
   * @default false
   */
  taggedUnions?: boolean;
  /**
   * Numbers that were all integers become `z.int()` in zod and `"type": "integer"` in JSON Schema
   * (TypeScript stays `number`). `--integers` turns it on for all.
   * @default false
   */
  integers?: boolean;
}

/** One endpoint: one output file `<out>/<name>.ts` (`.json` for JSON Schema), inferred from all of its samples. */
export interface TypefetchEndpointConfig {
  /**
   * Output name: the file is `<name>.ts` (characters other than `A-Z a-z 0-9 _ -` dropped) and the type
   * is its PascalCase form (`user-profile` -> `UserProfile`). `index` is reserved.
   * @default the endpoint name of the URL path (`/users/1` -> `users`) or of the first sample file
   */
  name?: string;
  /** URL to fetch, absolute or relative to `baseUrl`; several URLs are several samples of one type. */
  url?: string | string[];
  /**
   * GET, POST, PUT, PATCH or DELETE, any case.
   * @default "GET"
   */
  method?: string;
  /** Headers for this endpoint, with `${NAME}` substitution as in the top-level `headers`. */
  headers?: Record<string, string>;
  /** A JSON value, sent as the JSON request body (`Content-Type: application/json`). Not with GET. */
  body?: unknown;
  /**
   * More samples: JSON or JSON Lines files relative to the config file, or absolute http(s) URLs fetched
   * like `url`. Every sample is merged into the one type.
   */
  samples?: string[];
  /** Milliseconds for this endpoint's requests. @default the top-level `timeout` */
  timeout?: number;
  /** This endpoint's output format. @default the top-level `format` */
  format?: 'typescript' | 'zod' | 'json-schema';
  /** @default the top-level `named` */
  named?: boolean;
  /** @default the top-level `maps` */
  maps?: boolean;
  /** @default the top-level `formats` */
  formats?: boolean;
  /** @default the top-level `enums` */
  enums?: boolean;
  /** @default the top-level `taggedUnions` */
  taggedUnions?: boolean;
  /** @default the top-level `integers` */
  integers?: boolean;
}

/**
 * Types a config written in TypeScript or JavaScript: returns `config` unchanged. Editors then check
 * every key and show its documentation.
 *
 * @example
 * // typefetch.config.ts
 * import { defineConfig } from 'typefetch';
 * export default defineConfig({ baseUrl: 'https://api.example.com', endpoints: [{ url: '/users' }] });
 */
export function defineConfig(config: TypefetchConfig): TypefetchConfig {
  return config;
}
