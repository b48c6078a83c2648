// The words statements print around their tables: balance labels, column headings, section titles, account
// titles, check-image captions; and the role a heading's words give an amount column.

export type Role = 'credit' | 'debit' | 'balance' | 'amount';

export const OPENING_LABEL =
  /\b((beginning|opening|starting|previous|prior|last)( statement)?( (ledger|cash|account|book))? balance|balance (brought |carried )?forward|brought forward|balance last statement|balance at (the )?start( of (the )?period)?|opening ledger|last statement balance)\b/i;
export const CLOSING_LABEL =
  /\b((ending|closing|new|current|this)( statement)?( (ledger|cash|account|book))? balance|statement balance|balance this statement|balance at (the )?end( of (the )?period)?|closing ledger)\b/i;
export const NOT_A_STATEMENT_BALANCE = /\b(average|minimum|available|daily|collected|total|interest|ytd|year)\b/i;

const CREDIT_WORDS = /\b(credits?|deposits?|additions?|money in|paid in|receipts?|incoming|inflows?|interest paid)\b/i;
const DEBIT_WORDS =
  /\b(debits?|withdrawals?|subtractions?|checks?( paid)?|fees?|charges?|payments?|purchases?|money out|paid out|outgoing|outflows?)\b/i;
const BALANCE_WORDS = /\b(balance|running|ledger)\b/i;
export const HEADING_WORDS =
  /\b(date|dt|description|details|transaction|txn|amount|balance|debits?|credits?|deposits?|withdrawals?|check|ref(erence)?|memo|payee|particulars|paid|money|type|kind|no\.?|number|serial|effective|eff|value|posting|posted|post|running|net|total|bank|customer|code)\b/i;
/** A heading over the description column. */
export const DESCRIPTION_HEADING = /\b(description|details|transaction|particulars|memo|payee)\b/i;
const TOTAL_WORD = /^(?:sub)?totals?$/i;
const TOTAL_FILLER = /^(?:page|pages|for|this|the|of|on|statement|period|cycle|month|day|amount|sum|no\.?|#|\d+)$/i;

/**
 * A totals row's words: "Total", "Subtotal", "Page total", "Totals this page", "Total for page 2 of 3". Nothing but a
 * total word and words of where it sums up (no payee: "TOTAL HOME SERVICES" is a customer).
 */
export function isTotalLabel(description: string): boolean {
  if (description.length > 60) return false;
  const words = description.split(/\s+/).map((word) => word.replace(/[:.,]+$/, ''));
  return (
    words.some((word) => TOTAL_WORD.test(word)) &&
    words.every((word) => TOTAL_WORD.test(word) || TOTAL_FILLER.test(word))
  );
}
export const NOT_A_SECTION = /\b(total|summary|statement|account|balance|page|period|member|customer|number)\b/i;
export const IGNORED_SECTION = /\b(daily|summary|balances|check images?|worksheet|interest rate)\b/i;
export const TYPE_WORD = /^(credit|debit|deposit|withdrawal|cr|dr)$/i;
/** The way a type word says the money moved ("Deposit", "CR": in; "Withdrawal", "Debit", "DR": out). */
export const typeWordDirection = (text: string): 'credit' | 'debit' =>
  /^(credit|deposit|cr)$/i.test(text) ? 'credit' : 'debit';
/**
 * A transaction-type column's cell ("ACH", "POS", "ACH Debit", "Debit Card"): the kind of entry, not its
 * description. Words that tell what the money was for (transfer, fee, wire, check) stay in the description.
 */
export const TYPE_COLUMN =
  /^(?:ach|pos|atm|eft|card|debit card|(?:ach|pos|atm|eft|card) (?:credit|debit|deposit|withdrawal|purchase))$/i;
/** A check number as checks-paid tables print it, with the mark some banks add after a gap in the sequence. */
export const CHECK_NUMBER = /^\d{2,10} ?[*^]?$/;
/**
 * An account's number printed on a line of its own ("Account Number: 000000004821", "Acct ending in 4821", in full
 * with dashes: "Account # 409-2205850", or in groups of four: "Account 1234 5678 9012"), or masked after the account's kind ("Business Checking XXXXXX1470",
 * "Business Savings - XXXXXX1177"). Its digits, dashes left out, end with the account's last four.
 */
export const ACCOUNT_NUMBER =
  /\b(?:(?:account|acct|a\/c)\b(?:\s*(?:number|no\.?|#|ending(?: in)?))?(?:\s*[:#])?\s*(?:[*.xX#-]+\s*)?|(?:checking|savings|money market)\s*(?:[-\u2013:#]\s*)?[*.xX#]{2,}\s*)(\d{2,6}(?:-\d{2,12}){1,3}|\d{4}(?: \d{4}){1,3} \d{2,4}(?![.,/-]?\d)|\d{4,17})\b/i;
// "Ironwood Savings Bank", "Homestead Savings & Trust Co", "Lakeside Savings, FSB" name the bank, not the account. Titles abbreviate: "Mkt Rate Sav", "Bus Svgs", "MMDA",
// "Commercial Chk", "DDA".
export const SAVINGS_ACCOUNT =
  /\b(savings(?!,? (?:&|(?:bank|and|association|institution|fsb|trust|co|company)\b))|sav|svgs?|money market|money mkt|mkt rate|market rate|mmda|mma|share account|share savings|certificates?|share certificate|time deposit)\b/i;
export const CHECKING_ACCOUNT = /\b(checking|chk|chkg|ckg|dda|operating|demand deposit|share draft)\b/i;
/** A page of check images: the captions under the images repeat checks already listed, so they are not rows. */
export const CHECK_IMAGES = /\b(check images?|images? of (paid )?checks|check copies|item images)\b/i;
/** A check's own face ("Pay to the order of"): printed on check images, never on a transaction row. */
export const CHECK_FACE = /\bpay to the order of\b/i;
/** A title over items not posted in the period: pending items, holds, card authorisations. */
export const UNPOSTED_TITLE =
  /\b(pending|holds?|on hold|not yet posted|not posted|unposted|authori[sz]ations?|in process)\b/i;
const POSTED_WORDS = /\b(posted|activity|transactions?)\b/i;
const NOT_POSTED = /\b(not yet posted|not posted|unposted)\b/i;

/**
 * A title line's word on posting: 'unposted' over pending items and holds, 'posted' over the period's own
 * transactions, null for anything else. A title prints no amount, no figure and no "label: value".
 */
export function postingOf(text: string): 'unposted' | 'posted' | null {
  if (text.length > 90 || /\d|:\s*\S/.test(text)) return null;
  if (UNPOSTED_TITLE.test(text) && (NOT_POSTED.test(text) || !/\bposted\b/i.test(text))) return 'unposted';
  return POSTED_WORDS.test(text) ? 'posted' : null;
}
/** A row's status cell in an online-banking export: "Posted" rows are the period's, the others not yet. */
export const ROW_STATUS = /^(pending|posted|cleared|processing|in process|authori[sz]ed|scheduled)$/i;
export const POSTED_STATUS = /^(posted|cleared)$/i;
/** Words a check image caption prints around the check's number, date and amount. */
export const CAPTION_WORDS = /\b(check|chk|ck|no|number|serial|paid|posted|date|amount|image)\b|[#:.]/gi;
/**
 * A page's furniture printed under its last row: "Page 1 of 3", a web address, "Member FDIC", "Continued on next
 * page", a copyright. Never a wrapped line of a description (a card purchase's "NETFLIX.COM" is, so ".com" alone is
 * not furniture).
 */
export const PAGE_FURNITURE =
  /\bpage\s+\d+\s*(?:of|\/)\s*\d+\b|^\s*page\s+\d+\s*$|\bwww\.|https?:\/\/|\bmember fdic\b|\bequal housing (?:lender|opportunity)\b|\bcontinued on (?:the )?next page\b|\u00a9|\bcopyright\b|\ball rights reserved\b/i;
export const REFERENCE = /^[#*]?[A-Z]{0,4}[-#:]?\d[\d-]{2,} ?[*^]?$/i;

export function roleOf(text: string): Role | null {
  const credit = CREDIT_WORDS.test(text);
  const debit = DEBIT_WORDS.test(text);
  if (credit && !debit) return 'credit';
  if (debit && !credit) return /\bcheck\b.*\b(no|number|#)/i.test(text) ? null : 'debit';
  if (BALANCE_WORDS.test(text)) return 'balance';
  if (/\b(amount|net|amt)\b/i.test(text) || (credit && debit)) return 'amount';
  return null;
}
