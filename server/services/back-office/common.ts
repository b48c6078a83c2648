import { centsToDollars } from '../../../src/shared/format';

/** Integer cents to the dollar amounts of the spec's entities (loanAmount, currentBalance...). */
export const toDollars = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : centsToDollars(cents);

/** `LIKE` pattern for "starts with": the user's %, _ and \ are literal. */
export function prefixPattern(term: string): string {
  return `${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
