// The calendar day in Bangladesh, on its own: a leaf module (no imports), so the rules that need
// it (requests, insight, users) can share it without their chunks importing one another.

/** Today in Bangladesh (UTC+6, no daylight saving): the day a request may not be before. */
export function todayInDhaka(now: number = Date.now()): string {
  return new Date(now + 6 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
