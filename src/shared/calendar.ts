// Calendar dates written 'YYYY-MM-DD', read the same way by the browser and the server.

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's calendar date in UTC, 'YYYY-MM-DD' (both sides use the same clock reading). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** True for a real calendar date written 'YYYY-MM-DD' (no 2023-02-30). */
export function isRealIsoDate(value: string): boolean {
  const match = ISO_DATE_RE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1800 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Whole years between a date (a birth, a business start) and today (both 'YYYY-MM-DD'). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
