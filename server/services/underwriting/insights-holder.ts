// The account holder's own names (the legal name on the application, the names a statement prints in its header or
// in ACH "INDN:" fields) and whether a row's counterparty is one of them: money from the business itself is no sale,
// and a payment to itself is no financing (docs/product.md, sections 4.2 and 4.3). Banks spell a name their own way
// (case, punctuation, "&" for "and", another legal suffix) and cut it at 16-22 characters, so names are compared as
// letters without spaces; a name is only ever matched where the row names its sender (or payee), never as one
// common word, and not where it is only the receiver printed on every ACH entry.
import { withoutHolderName } from './classify';

// Legal forms that end a company's name; "the" may start it. Neither tells one business from another.
const LEGAL_SUFFIXES = new Set(
  'LLC LLP LP PLLC PC PA INC INCORPORATED CORP CORPORATION CO COMPANY LTD LIMITED'.split(' '),
);

// Words that start a transfer's description before its sender's name ("ZELLE", "ONLINE TRANSFER", "WIRE CREDIT").
const CHANNEL_WORDS = new Set(
  'ZELLE ACH CREDIT DEBIT WIRE TRANSFER XFER TRSF TRNSFR ONLINE INTERNAL BOOK INCOMING OUTGOING IN MOBILE BANKING FUNDS FUND ELECTRONIC EXTERNAL INTERBANK PAYMENT PMT RECEIVED SENT RTP INSTANT FEDWIRE FED DOMESTIC REAL TIME SAME DAY CO NAME'.split(
    ' ',
  ),
);

// Words after which a description names who sent the money (or, for a payment, who receives it).
const FROM_MARKERS = new Set('FROM FRM ORG ORIG ORIGINATOR SENDER REMITTER BO'.split(' '));
const TO_MARKERS = new Set('TO BNF BENEFICIARY PAYEE'.split(' '));

// What may follow a name in a description: the next field (references, accounts, entry types), not more of a name.
const FIELD_WORDS = new Set(
  'CHK CHECKING CHECK SAV SAVINGS SAVING MM MMA DDA ACCT ACCOUNT ACC ENDING CONF CONFIRMATION REF REFERENCE ID TRN TRACE SEQ DES DESC DESCR SEC PPD CCD WEB CTX TEL ON VIA AT FOR TO FROM TRANSFER XFER TRSF PAYMENT PMT PYMT DEPOSIT CREDIT DEBIT FED BNF OBI ORG ORIG BANK ZELLE MEMO NOTE INDN IND ENTRY DATE TIME ET TYPE WIRE ONLINE MOBILE BANKING EFFECTIVE POSTED US USA'.split(
    ' ',
  ),
);

// A header line may hold two names: the owner "DBA" the business, or joint holders ("... OR ...").
const NAME_SEPARATORS = new Set(['DBA', 'AKA', 'FKA', 'OR']);

/** A name cut short by the bank still names the holder when this many letters of it are printed. */
const TRUNCATED_MIN_LETTERS = 12;
/** A name whose distinctive part is shorter than this must be followed by a field, not by more words. */
const SHORT_NAME_LETTERS = 12;
const MAX_NAME_TOKENS = 12;

/** A holder's name as letters: the whole name and its distinctive part (legal suffixes at the end left off). */
export type HolderName = { letters: string; coreLetters: string; coreWords: number };

/** Upper case words, "&" and "and" left out, apostrophes and dots closed up ("JOE'S" is "JOES", "L.L.C." is "LLC"). */
function words(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/['’.]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word.length > 0 && word !== 'AND');
}

function holderName(tokens: string[]): HolderName | null {
  const named = tokens[0] === 'THE' ? tokens.slice(1) : tokens;
  let coreEnd = named.length;
  while (coreEnd > 0 && LEGAL_SUFFIXES.has(named[coreEnd - 1] ?? '')) coreEnd -= 1;
  const core = named.slice(0, coreEnd);
  const coreLetters = core.join('');
  if (coreLetters.length < 3 || named.length > MAX_NAME_TOKENS) return null;
  return { letters: named.join(''), coreLetters, coreWords: core.length };
}

/** The holder's names from the application and the statements, each split at "DBA"/"OR", without repeats. */
export function holderNamesOf(names: Array<string | undefined>): HolderName[] {
  const found = new Map<string, HolderName>();
  for (const name of names) {
    let part: string[] = [];
    for (const token of [...words((name ?? '').replace(/\bD\s*\/?\s*B\s*\/?\s*A\b/gi, ' DBA ')), 'DBA']) {
      if (!NAME_SEPARATORS.has(token)) {
        part.push(token);
        continue;
      }
      const parsed = holderName(part);
      if (parsed) found.set(parsed.letters, parsed);
      part = [];
    }
  }
  return [...found.values()];
}

/** Whether the description's words from `start` on spell the holder's name (whole, or cut short by the bank). */
function spellsName(tokens: string[], start: number, name: HolderName): boolean {
  let index = start;
  if (tokens[index] === 'THE') index += 1;
  let matched = 0;
  let wordsMatched = 0;
  while (index < tokens.length && wordsMatched < MAX_NAME_TOKENS) {
    const token = tokens[index] ?? '';
    if (matched >= name.letters.length || !name.letters.startsWith(token, matched)) break;
    matched += token.length;
    wordsMatched += 1;
    index += 1;
  }
  const next = tokens[index];
  const endsAtField = next === undefined || /\d/.test(next) || next.length === 1 || FIELD_WORDS.has(next);
  const whole =
    matched >= name.coreLetters.length &&
    (name.coreWords >= 2 || matched > name.coreLetters.length) &&
    (endsAtField || name.coreLetters.length >= SHORT_NAME_LETTERS);
  const truncated = matched >= TRUNCATED_MIN_LETTERS && wordsMatched >= 2 && endsAtField;
  return whole || truncated;
}

/**
 * Whether a row's counterparty is the holder: its name printed where the description names the sender of a credit
 * (first, after channel words, or after "FROM"/"ORG") or the payee of a debit (first, or after "TO").
 */
export function namesHolder(description: string, direction: 'credit' | 'debit', names: HolderName[]): boolean {
  if (names.length === 0) return false;
  const tokens = words(withoutHolderName(description.slice(0, 600).toUpperCase()).replace(/\bB\/O\b/g, ' BO '));
  const markers = direction === 'credit' ? FROM_MARKERS : TO_MARKERS;
  const starts: number[] = [];
  const afterChannel = (from: number) => {
    let index = from;
    while (index < tokens.length && CHANNEL_WORDS.has(tokens[index] ?? '')) index += 1;
    return index;
  };
  starts.push(afterChannel(0));
  tokens.forEach((token, index) => {
    if (markers.has(token)) starts.push(afterChannel(index + 1));
  });
  return starts.some((start) => names.some((name) => spellsName(tokens, start, name)));
}
