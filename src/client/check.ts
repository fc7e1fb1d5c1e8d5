/**
 * The checks of option values that several options share, and the one shape of their message:
 * `<option> must <requirement>, got <the value shown>` (docs/client.md: a bad value throws at once,
 * naming the option and the value).
 * `option` is the full name the caller wrote (`retryPolicy.factor`, `options.timeoutMs`).
 */
import { showValue } from '../shared/show-value.js';
import { refuseUnknownKeys } from '../shared/unknown-keys.js';

/** The error for an option given a value it does not accept; `requirement`: `be a boolean`, `have ...`. */
export function optionError(
  option: string,
  requirement: string,
  value: unknown,
  Kind: typeof TypeError | typeof RangeError = TypeError,
): Error {
  return new Kind(`${option} must ${requirement}, got ${showValue(value)}`);
}

/** A function; TypeError otherwise. */
export function checkFunction(option: string, value: unknown): void {
  if (typeof value !== 'function') throw optionError(option, 'be a function', value);
}

/** A boolean; TypeError otherwise. */
export function checkBoolean(option: string, value: unknown): void {
  if (typeof value !== 'boolean') throw optionError(option, 'be a boolean', value);
}

/**
 * A non-null object (not a function); TypeError otherwise. With `keys`, also a TypeError for a key not
 * among them: a misspelt one (`retryPolicy: { limit: 3 }`) would otherwise be ignored.
 */
export function checkObject(option: string, value: unknown, keys?: readonly string[]): void {
  if (value === null || typeof value !== 'object') throw optionError(option, 'be an object', value);
  if (keys)
    refuseUnknownKeys(
      value,
      new Set(keys),
      (key) => `${option}.${key} is not an option of ${option} (misspelt?)`,
    );
}

/**
 * A finite number (an integer when `integer`) from `min` to `max`: TypeError for a non-number,
 * RangeError for one out of range. A `max` of `Number.MAX_SAFE_INTEGER` or more is no bound and the
 * message says only `>= min`.
 */
export function checkNumber(
  option: string,
  value: unknown,
  min: number,
  max: number,
  integer: boolean,
): void {
  if (typeof value !== 'number') throw optionError(option, 'be a number', value);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    const what = integer ? 'an integer' : 'a finite number';
    const range = max >= Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw optionError(option, `be ${what} ${range}`, value, RangeError);
  }
}
