import { describe, expect, it } from 'vitest';
import { ApiError, CircuitOpenError, ValidationError } from '../../src/index.js';

describe('ApiError', () => {
  it('exposes the spec fields and a details object', () => {
    const cause = new Error('socket hang up');
    const error = new ApiError({
      status: 404,
      statusText: 'Not Found',
      message: 'Resource not found.',
      body: { a: 1 },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({
      status: 404,
      statusText: 'Not Found',
      message: 'Resource not found.',
      body: { a: 1 },
      isTimeout: false,
    });
  });

  it('has subclasses caught by one instanceof ApiError', () => {
    const open = new CircuitOpenError({ status: 503, statusText: 'Service Unavailable', message: 'open' });
    const invalid = new ValidationError({
      status: 200,
      statusText: 'OK',
      message: 'invalid',
      issues: [{ path: 'id', expected: 'number', received: 'string' }],
    });
    expect(open).toBeInstanceOf(ApiError);
    expect(open.name).toBe('CircuitOpenError');
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid.issues).toEqual([{ path: 'id', expected: 'number', received: 'string' }]);
  });
});
