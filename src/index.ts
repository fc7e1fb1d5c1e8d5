// The public surface of typefetch. Nothing else is exported.

export type { ApiErrorDetails } from './client/errors.js';
export { ApiError, CircuitOpenError, ValidationError } from './client/errors.js';
export type {
  ApiClientConfig,
  ApiClientInterceptors,
  CircuitBreakerConfig,
  CircuitState,
  Clock,
  FieldRule,
  FieldType,
  HttpMethod,
  ListOptions,
  ListQuery,
  Locale,
  LogData,
  Logger,
  PaginatedResponse,
  PaginationMapping,
  QueryParam,
  RequestBody,
  RequestOptions,
  RetryConfig,
  SearchParams,
  StandardSchemaV1,
  ValidationIssue,
  ValidationSchema,
} from './client/types.js';
