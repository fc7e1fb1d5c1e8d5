/** True when `value` is an integer from `min` to `max`, both included: the check behind option ranges. */
export function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
