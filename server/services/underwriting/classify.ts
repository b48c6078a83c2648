// What a transaction is, from its description alone. Deposits that are not sales (money moved from the owner's
// other account, loan or advance proceeds, refunds and reversals) must not count as revenue, or an applicant could
// qualify by shuffling money or by borrowing from someone else first.
import type { Direction } from './types';

export type CreditCategory = 'revenue' | 'own-transfer' | 'loan-proceeds' | 'refund';
export type DebitCategory = 'nsf-fee' | 'own-transfer' | 'other';

// Transfers between the business's own accounts. Payment processors also say "transfer" (STRIPE TRANSFER,
// PAYPAL TRANSFER) for sales payouts, so the pattern needs an own-account marker, not the word alone.
const OWN_TRANSFER =
  /\b(online|internal|book|mobile|funds?|account|acct|tel(ephone)?|banking|recurring)\s+(transfer|xfer|trnsfr)\b|\b(transfer|xfer|trnsfr)\s+(from|to|frm)\s+(chk|chking|checking|sav|savings|mm|money market|share|acct|account|x+\d+|\.{2,}\d+|\*+\d+|#?\d{4}\b)|\bxfer\s+(from|to)\b|\boverdraft protection (transfer|xfer|from)\b|\bsweep\b/i;

// Lenders and funders to small businesses whose names carry none of a funder's own words ("KAPITUS", "ONDECK",
// "FORWARD FINANCING"): their deposits are proceeds and their regular debits are known positions.
const KNOWN_FUNDERS =
  /\b(ondeck|on deck capital|kabbage|bluevine|fundbox|credibly|lendio|fora financial|libertas|rapid finance|rapid advance|kapitus|headway capital|square capital|shopify capital|paypal working capital|stripe capital|amazon lending|yellowstone capital|forward financing|pearl capital|fundkite|itria|greenbox capital|velocity capital|fox capital|cfg merchant|clearco|parafin|wayflyer|payability|uplyft|idea financial|fundation|biz2credit)\b/i;
// Loan and advance proceeds: funder names are endless, so read the words funders use for a funding deposit.
const LOAN_PROCEEDS = new RegExp(
  `\\b(loan|advance|funding|proceeds|lending|lender|capital advance|merchant cash|mca|line of credit|loc draw|sba|sbad|eidl|ppp)\\b|${KNOWN_FUNDERS.source}`,
  'i',
);

// Payments from the US Treasury ("TREAS 310": SBA disaster loans, tax refunds, other federal payments) are never sales.
const GOVERNMENT = /\btreas(ury)?\s*310\b|\bus treasury\b|\birs\b/i;

// Interest the bank pays on the business's own money (docs/product.md, section 4.2): never revenue.
const INTEREST = /\binterest\s+(payment|paid|credit|earned|deposit)\b|^\s*(interest|int)\b/i;

const REFUND =
  /\b(tax ref(und)?|refund|refunded|reversal|reversed|revers|return(ed)?( item| deposit| payment)?|chargeback|charge back|rebate|credit adj(ustment)?|adjustment credit|fee (waiver|waived|reversal|refund)|cashback|cash back|void(ed)?)\b/i;

const NSF_FEE =
  /\b(nsf|non[- ]sufficient funds|insufficient funds|overdraft|overdrawn|od (fee|charge|item)|returned item( fee)?|return(ed)? (check|item) (fee|charge)|uncollected funds)\b/i;

// Words in an NSF-like description that make it not a fee event (the bank moving money to cover an overdraft).
const NSF_NOT_AN_EVENT = /\b(protection|transfer|xfer|refund|reversal|waive[rd]?)\b/i;

export function classifyCredit(description: string): CreditCategory {
  if (OWN_TRANSFER.test(description) || INTEREST.test(description)) return 'own-transfer';
  if (REFUND.test(description)) return 'refund';
  if (LOAN_PROCEEDS.test(description) || GOVERNMENT.test(description)) return 'loan-proceeds';
  return 'revenue';
}

export function classifyDebit(description: string): DebitCategory {
  if (NSF_FEE.test(description) && !NSF_NOT_AN_EVENT.test(description)) return 'nsf-fee';
  if (OWN_TRANSFER.test(description)) return 'own-transfer';
  return 'other';
}

// A deposit the bank took back: a deposited item returned unpaid, or a card sale charged back.
const RETURNED_DEPOSIT =
  /\b(deposit(ed)? items? returned|returned deposit(ed)? items?|return(ed)? deposit|deposit(ed)? item return|return item|chargeback|charge back)\b/i;

/** A debit returning a deposit (not the bank's fee for it, which is an NSF event). */
export function isReturnedDeposit(description: string): boolean {
  return RETURNED_DEPOSIT.test(description) && !/\b(fee|charge)\b/i.test(description.replace(/charge ?back/gi, ''));
}

/**
 * A transaction's words as classification reads them: its description and the entry type a column beside it prints
 * ("LOAN ADVANCE", "TRANSFER"). Payee keys read the description alone (counterpartyOf).
 */
export function entryText(transaction: { description: string; entryType?: string }): string {
  return transaction.entryType ? `${transaction.description} ${transaction.entryType}` : transaction.description;
}

export function classifyTransaction(transaction: {
  description: string;
  entryType?: string;
  direction: Direction;
}): CreditCategory | DebitCategory {
  return transaction.direction === 'credit'
    ? classifyCredit(entryText(transaction))
    : classifyDebit(entryText(transaction));
}

// Debits that repeat at a fixed amount but are not financing: what every business pays again and again (payroll
// and the services that run it, rent and leases, insurance, taxes, utilities, card processing fees, its credit card):
// a weekly same-amount payroll or insurance premium must not read as a merchant cash advance (docs/product.md, 4.3).
// A funder's own words in the description ("FUNDING", "ADVANCE") outweigh them.
const NOT_FINANCING_PAYEE =
  /\b(payroll|payrl|payrll|gusto|adp|paychex|paycor|paylocity|paycom|justworks|trinet|insperity|rippling|zenefits|peo|salary|wages|rent|lease|leasing|insurance|insur|ins (prem|pmt|payment)|premium|state farm|geico|allstate|progressive|nationwide|liberty mutual|hiscox|irs|tax|eftps|utilit(y|ies)|electric|energy|water|sewer|waste|internet|phone|wireless|telecom|comcast|xfinity|spectrum|verizon|at&t|fees?|merchant (services|discount)|discount fee|interchange|bankcard|credit ?card|crcardpmt|card (payment|pmt)|epayment|amex|american express|discover|capital one|citi ?card|barclaycard)\b/i;
// The channels a funder never collects by: a card, Zelle or Venmo, the ATM, bill pay, a transfer or sweep.
const NOT_FINANCING_CHANNEL =
  /\b(transfer|xfer|sweep|pos|(debit|check) ?card|card purchase|purchase card|zelle|venmo|cash ?app|atm|bill ?pay(ment)?)\b/i;
// A purchase by card in the words banks print for it: "PURCHASE", "Purchase authorized on", the card's last digits
// ("CARD 4417", "CARD X4417", "CARD ENDING IN 4417"). An advance buys future receivables, so a funder's own words
// outweigh "purchase".
const CARD_PURCHASE = /\b(?:purchase\b|card(?: ending(?: in)?| no\.?)? ?[#x*]* ?\d{4})/i;
const FUNDER_WORDS = new RegExp(
  `\\b(funding|funder|advance|mca|merchant cash|receivables?|lending)\\b|${KNOWN_FUNDERS.source}`,
  'i',
);

// Words funders' own names carry: with FUNDER_WORDS they tell a funder's weekly collection from a supplier's.
const FUNDER_NAME_WORDS =
  /\b(capital|cap|fund|funds|financ(e|ial|ing)|fin|lend(er|ers)?|loans?|credit|adv|factor(s|ing)?|business cash)\b/i;

/** The payee's words name financing, in a funder's own words or the words funders' names carry ("CAPITAL"). */
export function looksLikeFunder(description: string): boolean {
  return namesFunder(description) || (FUNDER_NAME_WORDS.test(description) && !NOT_FINANCING_PAYEE.test(description));
}

/** The payee's own words name a funder ("MERCHANT FUNDING", "CAPITAL ADVANCE") and no ordinary payment. */
export function namesFunder(description: string): boolean {
  return FUNDER_WORDS.test(description) && !NOT_FINANCING_PAYEE.test(description);
}

/** A debit that may be a funder collecting: no ordinary kind of payment, and by a channel funders collect by. */
export function mayBeRepayment(words: string): boolean {
  return classifyDebit(words) === 'other' && canBeFinancing(words);
}

export function canBeFinancing(description: string): boolean {
  if (NOT_FINANCING_CHANNEL.test(description)) return false;
  if (CARD_PURCHASE.test(description) && !FUNDER_WORDS.test(description)) return false;
  return !NOT_FINANCING_PAYEE.test(description) || FUNDER_WORDS.test(description);
}

// Words a payee key may keep that name no one: a check, a cash withdrawal, bill pay, a bank's own entry types.
const NO_PAYEE_WORDS = new Set(
  'CHECK CHK CK ATM CASH WITHDRAWAL WITHDRAW WDL WD BILL PAY BILLPAY ONLINE MOBILE BRANCH TELLER SERVICE SERVICES CHARGE AUTOPAY AUTOMATIC AUTO EXTERNAL DIRECT MISC MISCELLANEOUS TRANSACTION TRANS POSTED PENDING MEMO ITEM ITEMS DRAFT SHARE BANK COUNTER OTHER'.split(
    ' ',
  ),
);

/** Whether a payee key names someone: "CHECK" or "ATM WITHDRAWAL" gathers many payees under one word. */
export function namesAPayee(counterparty: string): boolean {
  return counterparty.split(' ').some((word) => word.length >= 3 && !NO_PAYEE_WORDS.has(word));
}

const COUNTERPARTY_SCAN_CHARS = 600;

/**
 * The payee of a debit with the noise stripped: reference numbers, dates, ids, "ACH DEBIT"/"PPD" wrappers.
 * Two debits to the same funder on different days then share one counterparty key.
 */
export function counterpartyOf(description: string): string {
  // A payee is named in a description's first words; a longer description is a hostile one, and only its head counts.
  const words = withoutHolderName(description.slice(0, COUNTERPARTY_SCAN_CHARS).toUpperCase())
    // Keyed fields banks append (IND ID:…, INDN:…, TRN:…) hold ids, not the payee; "DES:" holds the entry type.
    .replace(/\b(INDN|IND ID|ID|TRN|TRACE|REF|CONF|SEQ|ORIG ID|CO ID|DES|DESC|DESCR|SEC)\s*[:#]\s*\S*/g, ' ')
    // Whole tokens that carry digits are references, dates or masked account numbers, never part of a name. Split
    // into tokens rather than `\S*\d\S*`, which retries every position of a long token and runs in quadratic time.
    .split(/\s+/)
    .filter((token) => !/\d/.test(token))
    .join(' ')
    .replace(
      /\b(ACH|DEBIT|CREDIT|PPD|CCD|WEB|TEL|CORP|PMT|PAYMENT|ELECTRONIC|WITHDRAWAL|PREAUTHORIZED|RECURRING|ID|REF|TRACE|ORIG|CO|ENTRY|DESCR|SEC|IND|NAME)\b/g,
      ' ',
    )
    .replace(/[^A-Z ]+/g, ' ')
    .replace(/\b[A-Z]\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  // A wrapped line can repeat the payee ("PINECREST PINECREST ADVANCE"): each word counts once.
  return [...new Set(words)].join(' ');
}

// "INDN:" / "IND NAME:" hold the account holder's name (the applicant), which runs over several words up to the next
// keyed field: the whole value goes, not only its first word.
const HOLDER_NAME = /\b(?:INDN|IND NAME)\s*[:#]/g;
const NEXT_FIELD =
  /\b(?:CO ID|ORIG ID|IND ID|ID|TRN|TRACE|REF|CONF|SEQ|DES|DESC|DESCR|SEC|CO NAME|ORIG CO NAME)\s*[:#]/g;

export function withoutHolderName(text: string): string {
  if (!text.includes('IND')) return text;
  let kept = '';
  let from = 0;
  HOLDER_NAME.lastIndex = 0;
  for (let match = HOLDER_NAME.exec(text); match; match = HOLDER_NAME.exec(text)) {
    kept += `${text.slice(from, match.index)} `;
    NEXT_FIELD.lastIndex = match.index + match[0].length;
    const next = NEXT_FIELD.exec(text);
    from = next ? next.index : text.length;
    HOLDER_NAME.lastIndex = Math.max(from, HOLDER_NAME.lastIndex);
  }
  return kept + text.slice(from);
}
