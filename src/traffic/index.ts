// From recorded traffic to types: HAR reading, path templates, endpoint types, the endpoint map and the
// OpenAPI document. docs/traffic.md.
export { type EndpointMapEntry, type EndpointMapOptions, emitEndpointMap } from './endpoint-map.js';
export {
  type EndpointTypes,
  endpointFileStem,
  type TrafficTypeOptions,
  type TypeRole,
  typeEndpoints,
} from './endpoint-types.js';
export { type Endpoint, groupEndpoints, readHar, type Traffic } from './endpoints.js';
export { type Exchange, HarError, isJsonType, parseHar, type Skipped } from './har.js';
export { emitOpenApi, OPENAPI_VERSION, type OpenApiOptions } from './openapi.js';
export { type QueryParam, queryParams } from './query.js';
export {
  type PathSample,
  type PathTemplate,
  pathSegments,
  singular,
  templateOfUrl,
  templatePaths,
} from './template.js';
