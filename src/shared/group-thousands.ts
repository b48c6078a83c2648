// The first Intl number format a page makes (toLocaleString, Intl.NumberFormat) sets up ICU's number
// formatting, ~25 ms of main thread here and ~110 ms on a phone-speed CPU (Chromium at a 4x slowdown), in whatever
// task asks first: a module's top level, a counter's or the calculator's first render. Whole numbers, which is all
// the public pages and the shared validation messages show, need no more than this.

/** A string of digits with a comma before each group of three from the right: '2500000' -> '2,500,000'. */
export function groupDigits(digits: string): string {
  // Sliced rather than matched: a look-ahead for "groups of three up to the end" rescans the rest of the string
  // at every position, which costs the square of the length.
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let start = head; start < digits.length; start += 3) grouped += `,${digits.slice(start, start + 3)}`;
  return grouped;
}

/** An integer with US thousands separators, as `toLocaleString('en-US')` writes it: 1234567 -> "1,234,567". */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = groupDigits(String(Math.abs(value)));
  return value < 0 ? `-${digits}` : digits;
}
