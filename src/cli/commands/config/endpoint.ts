// One endpoint of a config run: fill in its headers from the environment, then run its job. Never
// throws: the outcome or the error is returned, with the secrets to keep out of any message about it.

import { checkHeaderValue, type HeaderArg } from '../../args/headers.js';
import type { JobMode } from '../../check/mode.js';
import { substitute } from '../../config-file/env.js';
import type { ResolvedEndpoint } from '../../config-file/resolve.js';
import { RunError } from '../../errors.js';
import type { JobEnv, JobOutcome } from '../../job/job.js';
import { runJob } from '../../job/job.js';
import { bodySecrets, secretsOf } from '../../terminal/failure.js';

export interface EndpointResult {
  readonly endpoint: ResolvedEndpoint;
  readonly outcome?: JobOutcome;
  readonly error?: unknown;
  /** Header values (and the variables in them), URL passwords and body secrets of this endpoint. */
  readonly secrets: readonly string[];
  readonly warnings: readonly string[];
}

export interface EndpointSettings {
  readonly outDir: string;
  readonly mode: JobMode;
  /** `--timeout`, which overrides the config's. */
  readonly timeoutMs: number | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export async function runEndpoint(
  endpoint: ResolvedEndpoint,
  settings: EndpointSettings,
  jobEnv: Omit<JobEnv, 'onWarning'>,
): Promise<EndpointResult> {
  const warnings: string[] = [];
  const urls = endpoint.sources.flatMap((source) => (source.kind === 'url' ? [source.url] : []));
  const headers: HeaderArg[] = [];
  const used: string[] = [];
  const inBody = bodySecrets(endpoint.body);
  let secrets = secretsOf([], urls, inBody);
  try {
    for (const { name, template } of endpoint.headers) {
      const filled = substitute(template, settings.env, name);
      used.push(...filled.used);
      headers.push({ name, value: filled.value });
      secrets = secretsOf(headers, urls, [...used, ...inBody]);
      try {
        checkHeaderValue(name, filled.value, 'header');
      } catch (error) {
        throw new RunError((error as Error).message);
      }
    }
    const outcome = await runJob(
      {
        endpoint: endpoint.endpoint,
        typeName: endpoint.typeName,
        sources: endpoint.sources,
        request: {
          method: endpoint.method,
          body: endpoint.body,
          headers,
          timeoutMs: settings.timeoutMs ?? endpoint.timeoutMs,
        },
        outDir: settings.outDir,
        output: endpoint.output,
      },
      settings.mode,
      { ...jobEnv, onWarning: (message) => warnings.push(message) },
    );
    return { endpoint, outcome, secrets, warnings };
  } catch (error) {
    return { endpoint, error, secrets, warnings };
  }
}
