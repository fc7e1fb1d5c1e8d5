// typefetch/capture: types inferred from live responses, written to files. Node only (it writes files).
export type { CapturingFetch, TypeCapture } from './capture.js';
export { captureTypes } from './capture.js';
export type { CapturedEndpoint, CaptureTypesOptions } from './options.js';
