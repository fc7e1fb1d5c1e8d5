import type { MessageCatalog } from './index.js';

/**
 * English messages (the table is in docs/client.md, "Messages"); 400, 401, 403, 404 and 500 keep
 * their original wording, including the typographic apostrophe and the wording of 403.
 */
export const en = {
  0: 'Network error. The server could not be reached.',
  400: 'Invalid request. Please check your data.',
  401: 'You must be signed in to continue.',
  403: 'You don’t have permission for this the service.',
  404: 'Resource not found.',
  408: 'The request timed out.',
  409: 'The request conflicts with the current state of the resource.',
  422: 'The data could not be processed. Please check it.',
  429: 'Too many requests. Please try again later.',
  500: 'Internal server error.',
  502: 'Bad gateway. The server received an invalid response.',
  503: 'The service is unavailable. Please try again later.',
  504: 'The server took too long to respond.',
  fallback: 'The request failed (HTTP {status}).',
  circuitOpen: 'The service is temporarily unavailable. Please try again later.',
  validationFailed: 'The response does not have the expected shape.',
  invalidJson: 'The response is not valid JSON.',
  notEventStream: 'The response is not an event stream (text/event-stream).',
  totalTimeout: 'The request did not finish within its total time limit.',
} as const satisfies MessageCatalog;
