// What a credit is, read with the rest of the statements: money from a funder the business is paying back is that
// funder's advance or loan, and money from the account holder itself is an own transfer, whatever the wording
// (docs/product.md, section 4.2).
import {
  type CreditCategory,
  classifyCredit,
  counterpartyOf,
  entryText,
  looksLikeFunder,
  mayBeRepayment,
} from './classify';
import { namesHolder, type HolderName } from './insights-holder';
import type { FinancingPosition } from './insights-types';
import type { ParsedTransaction } from './types';

// Words any funder or company name may carry: they name no one in particular.
const GENERIC_NAME_WORDS = new Set(
  'ADV ADVANCE CAPITAL FUNDING FUNDER FINANCE FINANCIAL LENDING LOAN LOANS MERCHANT BUSINESS GROUP PARTNERS LLC INC CORP CO COMPANY LTD THE OF AND WIRE TRANSFER ORG FED BNF OBI FROM TO DEPOSIT DAILY WEEKLY PAYMENT PMT PYMT PAYMT REPAY REPAYMENT COLLECTION DEBIT CREDIT ACH'.split(
    ' ',
  ),
);

/** Credits from one payee that make it a regular source of sales rather than a lender's one-off proceeds. */
const REGULAR_CREDITS = 3;

function nameWords(counterparty: string): string[] {
  return counterparty.split(' ').filter((word) => word.length >= 3 && !GENERIC_NAME_WORDS.has(word));
}

/** Characters two names must share, up to where one was cut short, to be one payee. */
const SAME_NAME_CHARS = 8;

/**
 * Banks print a payee's name in a field of fixed width, so the same funder reads "PINECREST CAP" in its debits and
 * "PINECREST CAPITAL PARTNERS LLC" in its deposit. From the funder's first distinctive word, found whole in the other
 * name, the two run word for word until one ends or a word of one is the start of the other's (where it was cut);
 * that shared run must be long enough to name someone.
 */
function sameNameCut(funder: string[], other: string[]): boolean {
  const anchor = funder.findIndex((word) => word.length >= 4 && !GENERIC_NAME_WORDS.has(word));
  if (anchor < 0) return false;
  const start = other.indexOf(funder[anchor] ?? '');
  if (start < 0) return false;
  let shared = 0;
  for (let offset = 0; ; offset += 1) {
    const [mine, theirs] = [funder[anchor + offset], other[start + offset]];
    if (mine === undefined || theirs === undefined) break;
    if (mine !== theirs) {
      const cut = mine.startsWith(theirs) || theirs.startsWith(mine);
      if (cut) shared += Math.min(mine.length, theirs.length);
      return cut && shared >= SAME_NAME_CHARS;
    }
    shared += mine.length;
  }
  return shared >= SAME_NAME_CHARS;
}

// ACH entries name the receiving account's holder in a keyed field ("INDN:", "IND NAME:"): the applicant's own name.
const HOLDER_FIELD =
  /\b(?:INDN|IND NAME)\s*[:#]\s*([A-Z][A-Z&.,' ]{2,60}?)(?=\s+(?:CO ID|ORIG ID|IND ID|ID|TRN|REF|CCD|PPD|WEB|SEC|DES)\b|\s*$)/;

/** The account holder's names as the statements print them in ACH entries (upper case, at least two words). */
export function holderNames(transactions: ParsedTransaction[]): string[] {
  const names = new Set<string>();
  for (const transaction of transactions) {
    const match = HOLDER_FIELD.exec(transaction.description.slice(0, 600).toUpperCase());
    const name = match?.[1]
      ?.replace(/[^A-Z& ]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (name && name.split(' ').length >= 2) names.add(name);
  }
  return [...names];
}

/** Same-amount debits that show a funder's repayments have begun, before they are enough for a position. */
const BEGUN_REPAYMENTS = 2;

/**
 * Payees the business already pays at one amount, too few times to be a financing position yet (an advance taken
 * weeks before the statements end): a lump from one of them is that advance's proceeds all the same when its debits
 * or the credit name a funder ("LANTERNFISH CAPI ACH DEBIT" after "ACH CREDIT LANTERNFISH CAPITAL LLC").
 */
function beginningRepayments(transactions: ParsedTransaction[]): Array<{ counterparty: string; funderLike: boolean }> {
  const paid = new Map<string, { amounts: number[]; funderLike: boolean }>();
  for (const transaction of transactions) {
    if (transaction.direction !== 'debit') continue;
    const words = entryText(transaction);
    if (!mayBeRepayment(words)) continue;
    const counterparty = counterpartyOf(transaction.description);
    const payee = paid.get(counterparty) ?? { amounts: [], funderLike: false };
    payee.amounts.push(transaction.amountCents);
    payee.funderLike ||= looksLikeFunder(words);
    paid.set(counterparty, payee);
  }
  const onePayment = (amounts: number[]) =>
    amounts.length >= BEGUN_REPAYMENTS &&
    amounts.reduce((most, cents) => Math.max(most, cents), 0) <=
      amounts.reduce((least, cents) => Math.min(least, cents), Infinity) * 1.15;
  return [...paid]
    .filter(([, { amounts }]) => onePayment(amounts))
    .map(([counterparty, { funderLike }]) => ({ counterparty, funderLike }));
}

export type CreditClassifier = {
  classify: (transaction: Pick<ParsedTransaction, 'description' | 'entryType'>) => CreditCategory;
  /** The positions whose payee paid the business a lump: the funder's proceeds, whatever the deposit's words. */
  paidProceeds: ReadonlySet<FinancingPosition>;
};

/**
 * Classifies each credit with what the statements show besides its own words: the payees of financing positions
 * (a credit from one of them is that funder's proceeds) and the account holder's own names (a credit from the
 * business itself is a transfer between its own accounts).
 */
export function creditClassifier(
  transactions: ParsedTransaction[],
  positions: FinancingPosition[],
  holders: HolderName[],
): CreditClassifier {
  const payees: Array<{ position: FinancingPosition | null; counterparty: string; funderLike: boolean }> = [
    ...positions.map((position) => ({ position, counterparty: position.counterparty, funderLike: true })),
    ...beginningRepayments(transactions).map((payee) => ({ position: null, ...payee })),
  ];
  const funders = payees
    .map(({ position, counterparty, funderLike }) => ({
      position,
      funderLike,
      distinct: nameWords(counterparty),
      all: counterparty.split(' '),
    }))
    .filter((funder) => funder.distinct.length > 0);
  // A funder's proceeds come as a lump; a payee credited again and again (a card processor that also lends) pays
  // out sales.
  const creditsFrom = new Map<string, number>();
  for (const transaction of transactions) {
    if (transaction.direction !== 'credit') continue;
    const from = counterpartyOf(transaction.description);
    creditsFrom.set(from, (creditsFrom.get(from) ?? 0) + 1);
  }
  /**
   * The funder that sent a lump from this payee, unless it credits the business again and again; a payee whose
   * repayments have only begun must name a funder in its debits or in this credit.
   */
  const funderOf = (counterparty: string, words: string) => {
    if ((creditsFrom.get(counterparty) ?? 0) >= REGULAR_CREDITS) return undefined;
    const all = counterparty.split(' ');
    const named = new Set(all);
    return funders.find(
      (funder) =>
        (funder.distinct.every((word) => named.has(word)) || sameNameCut(funder.all, all)) &&
        (funder.funderLike || looksLikeFunder(words)),
    );
  };
  const paidProceeds = new Set<FinancingPosition>();
  const classify: CreditClassifier['classify'] = (transaction) => {
    const { description } = transaction;
    const category = classifyCredit(entryText(transaction));
    if (category === 'own-transfer' || category === 'refund') return category;
    if (category === 'revenue' && namesHolder(description, 'credit', holders)) return 'own-transfer';
    const funder = funderOf(counterpartyOf(description), entryText(transaction));
    if (funder?.position) paidProceeds.add(funder.position);
    return funder ? 'loan-proceeds' : category;
  };
  for (const transaction of transactions) if (transaction.direction === 'credit') classify(transaction);
  return { classify, paidProceeds };
}
