// Every output the traffic modules make from one HAR, as the CLI writes them: one file per endpoint,
// index.ts with the endpoint map, and openapi.json.
import {
  type EndpointTypes,
  emitEndpointMap,
  emitOpenApi,
  readHar,
  type Traffic,
  type TrafficTypeOptions,
  typeEndpoints,
} from '../../../src/traffic/index.js';

export interface Outputs {
  traffic: Traffic;
  types: EndpointTypes[];
  /** File name -> text. */
  files: Record<string, string>;
}

export function outputsOf(harText: string, options: TrafficTypeOptions = {}): Outputs {
  const traffic = readHar(harText);
  const types = typeEndpoints(traffic.endpoints, options);
  const files: Record<string, string> = {};
  for (const endpoint of types) files[`${endpoint.file}.ts`] = endpoint.typescript;
  files['index.ts'] = emitEndpointMap(types, { importFrom: (endpoint) => `./${endpoint.file}.js` });
  files['openapi.json'] = emitOpenApi(types, { servers: traffic.servers });
  return { traffic, types, files };
}
