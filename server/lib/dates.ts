/** A DATETIME read back from MySQL as a Date: drizzle may hand a Date or a UTC 'YYYY-MM-DD HH:MM:SS' string. */
export function asUtcDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}

/** Today's calendar date in UTC as 'YYYY-MM-DD'. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
