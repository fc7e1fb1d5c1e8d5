/**
 * The longest delay `setTimeout` (and so `AbortSignal.timeout`) can wait: 2^31 - 1 ms, about 24.8 days.
 * Above it Node and browsers fire at once, so options that become a timer are capped here.
 */
export const MAX_TIMER_MS = 2_147_483_647;
