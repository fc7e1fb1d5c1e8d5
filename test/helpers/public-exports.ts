/** The runtime exports of the package root, sorted: the public surface every consumer test pins. */
export const PUBLIC_RUNTIME_EXPORTS: readonly string[] = [
  'ApiError',
  'CircuitOpenError',
  'DEFAULT_REDACT_HEADER_KEYS',
  'NetworkError',
  'TimeoutError',
  'ValidationError',
  'createApiClient',
  'createLogger',
  'defineConfig',
  'generateTypes',
  'generateTypesFromSamples',
];
