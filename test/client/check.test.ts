import { describe, expect, it } from 'vitest';
import {
  checkBoolean,
  checkFunction,
  checkNumber,
  checkObject,
  optionError,
} from '../../src/client/check.js';

/** The error a check throws, for asserting its class and message together. */
function thrown(check: () => void): Error {
  try {
    check();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the check accepted the value');
}

describe('optionError', () => {
  it('names the option, the requirement and the value shown, as a TypeError unless told', () => {
    const error = optionError('retryPolicy.jitter', 'be a boolean', 'yes');
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('retryPolicy.jitter must be a boolean, got "yes"');
    const range = optionError('options.timeoutMs', 'be positive', -1, RangeError);
    expect(range).toBeInstanceOf(RangeError);
    expect(range.message).toBe('options.timeoutMs must be positive, got -1');
  });
});

describe('checkFunction, checkBoolean, checkObject', () => {
  it('accept their kind of value', () => {
    expect(checkFunction('f', () => 1)).toBeUndefined();
    expect(checkBoolean('b', false)).toBeUndefined();
    expect(checkObject('o', {})).toBeUndefined();
  });

  it('refuse any other with a TypeError naming the option and the value', () => {
    expect(thrown(() => checkFunction('logger.info', 1)).message).toBe(
      'logger.info must be a function, got 1',
    );
    expect(thrown(() => checkBoolean('sse.parseJson', 'true')).message).toBe(
      'sse.parseJson must be a boolean, got "true"',
    );
    const notObject = thrown(() => checkObject('circuitBreaker', null));
    expect(notObject).toBeInstanceOf(TypeError);
    expect(notObject.message).toBe('circuitBreaker must be an object, got null');
  });
});

describe('checkNumber', () => {
  it('accepts a number within its bounds, the bounds included', () => {
    expect(checkNumber('n', 0, 0, 10, true)).toBeUndefined();
    expect(checkNumber('n', 10, 0, 10, true)).toBeUndefined();
    expect(checkNumber('n', 0.5, 0, 1, false)).toBeUndefined();
  });

  it('refuses a value that is not a number with a TypeError', () => {
    const error = thrown(() => checkNumber('retryPolicy.maxRetries', '3', 0, 10, true));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('retryPolicy.maxRetries must be a number, got "3"');
  });

  it('refuses a number out of range, not finite or not integral with a RangeError saying the range', () => {
    const tooHigh = thrown(() => checkNumber('retryPolicy.factor', 11, 1, 10, false));
    expect(tooHigh).toBeInstanceOf(RangeError);
    expect(tooHigh.message).toBe('retryPolicy.factor must be a finite number from 1 to 10, got 11');
    expect(thrown(() => checkNumber('x', 1.5, 0, 10, true)).message).toBe(
      'x must be an integer from 0 to 10, got 1.5',
    );
    expect(thrown(() => checkNumber('x', Number.NaN, 0, 10, false))).toBeInstanceOf(RangeError);
  });

  it('says only ">= min" when the maximum is no bound', () => {
    expect(
      thrown(() => checkNumber('circuitBreaker.threshold', 0, 1, Number.MAX_SAFE_INTEGER, true)).message,
    ).toBe('circuitBreaker.threshold must be an integer >= 1, got 0');
  });
});
