// The public surface of typefetch. Nothing else is exported.

export type { TypefetchConfig, TypefetchEndpointConfig } from './cli/config-file/schema.js';
export { defineConfig } from './cli/config-file/schema.js';
export type { ApiClient } from './client/create-client.js';
export { createApiClient } from './client/create-client.js';
export type { TypedApiClient } from './client/endpoint-map.js';
export type { ApiErrorDetails } from './client/errors.js';
export { ApiError, CircuitOpenError, NetworkError, TimeoutError, ValidationError } from './client/errors.js';
export type { CreateLoggerOptions, LogLevel } from './client/logging/logger.js';
export { createLogger } from './client/logging/logger.js';
export { DEFAULT_REDACT_HEADER_KEYS } from './client/logging/redact.js';
export type {
  ApiClientConfig,
  ApiClientInterceptors,
  CircuitBreakerConfig,
  CircuitState,
  Clock,
  FieldRule,
  FieldType,
  HttpMethod,
  InterceptedRequestInit,
  ListOptions,
  ListQuery,
  Locale,
  LogData,
  Logger,
  PaginatedResponse,
  PaginationMapping,
  ParseAs,
  ParsedBody,
  Progress,
  QueryParam,
  RequestBody,
  RequestInterceptor,
  RequestOptions,
  ResponseInterceptor,
  ResponsePromise,
  RetryConfig,
  SearchParams,
  SseEvent,
  SseOptions,
  StandardSchemaV1,
  ValidationIssue,
  ValidationSchema,
} from './client/types.js';
export type { GenerateTypesOptions, OutputFormat } from './typegen/generate.js';
export { generateTypes } from './typegen/generate.js';
export { generateTypesFromSamples } from './typegen/samples.js';
