// Every number the underwriting engine decides with lives here (docs/product.md 4). Changing any decision
// constant changes offers, so bump ENGINE_VERSION with it: stored outcomes record the version that produced them.

/** Stored with every outcome so staff can tell which rules produced an old decision. */
export const ENGINE_VERSION = 'underwriting-2026.1';

// ---------------------------------------------------------------------------------------------------------------
// Reader limits: a statement is untrusted input; each file gets bounded time, memory and work.
// ---------------------------------------------------------------------------------------------------------------

/** The application form accepts at most four bank statements; anything beyond is not read. */
export const MAX_STATEMENTS = 4;
/** Bank PDFs for a year of activity stay under 10 MB; 25 MB leaves room without letting a file fill memory. */
export const MAX_STATEMENT_BYTES = 25 * 1024 * 1024;
/** Twelve monthly statements of a busy account rarely pass 150 pages; more suggests a hostile file. */
export const MAX_STATEMENT_PAGES = 150;
/** A 12-page statement reads in ~100 ms; 8 s means the file is hostile or pathological, so stop it. */
export const READ_TIMEOUT_MS = 8_000;
/** Waiting for a worker to boot (tsx in development, pdf.js import) must not hang a submission either. */
export const READER_START_TIMEOUT_MS = 15_000;
/** pdf.js needs ~40 MB of heap for large statements; 192 MB stops runaway object graphs long before the host. */
export const READER_HEAP_MB = 192;
/** Decoded content streams of real statements are kilobytes; 32 MB for one stream is a decompression bomb. */
export const MAX_DECODED_STREAM_BYTES = 32 * 1024 * 1024;
/** Same idea over the whole file: the sum of all decoded streams pdf.js might have to hold. */
export const MAX_TOTAL_DECODED_BYTES = 128 * 1024 * 1024;
/** Text items per file; 150 pages of dense statement stay below 150k, so more is a text bomb. */
export const MAX_TEXT_ITEMS = 300_000;
/** Two readers keep both cores of the production host busy on a 4-statement submission without starving HTTP. */
export const READER_POOL_SIZE = 2;
/** Idle readers hold ~60 MB each; after 10 quiet minutes give the memory back (the next read pays a cold start). */
export const READER_IDLE_MS = 10 * 60_000;
/** Reads of the built-in synthetic statement a worker makes when the server warms the reader (JIT warm-up). */
export const WARM_UP_READS = 3;
/** A text PDF page with fewer characters than this is a scan with a stray header, not a readable statement. */
export const MIN_TEXT_CHARS_PER_PAGE = 40;

// ---------------------------------------------------------------------------------------------------------------
// OCR of photos and scans (second stage). Runs after the answer, one file at a time, in its own thread;
// none of these change a decision: staff read the OCR'd figures, the instant decision stands.
// ---------------------------------------------------------------------------------------------------------------

/** A clean 200 dpi page takes 3-5 s on the 2-core host; a minute means a pathological image, so stop it. */
export const OCR_PAGE_TIMEOUT_MS = 60_000;
/** A whole file (up to OCR_MAX_PAGES pages) must finish in this time, or the OCR thread is terminated. */
export const OCR_FILE_TIMEOUT_MS = 4 * 60_000;
/** Scanned statements of three months are a dozen pages; more pages are not OCR'd (the file is marked failed). */
export const OCR_MAX_PAGES = 20;
/** 40 MP covers a 300 dpi Legal page and any phone camera; a larger bitmap would cost hundreds of MB to decode. */
export const OCR_MAX_IMAGE_PIXELS = 40_000_000;
/** Starting the thread and loading tesseract (English data ~11 MB gzip) takes ~1 s; 30 s means it is stuck. */
export const OCR_START_TIMEOUT_MS = 30_000;
/** The OCR thread (tesseract's wasm heap included) holds ~200 MB; give it back after a quiet minute. */
export const OCR_IDLE_MS = 60_000;
/** JavaScript heap of the OCR thread (page bitmaps live outside it); tesseract's wasm memory is bounded by pixels. */
export const OCR_HEAP_MB = 256;
/** A claimed job whose process died is retried after this (longer than any OCR run plus the re-analysis). */
export const OCR_LEASE_MS = OCR_FILE_TIMEOUT_MS + OCR_START_TIMEOUT_MS + 60_000;
/** A file that stopped the OCR process this many times is marked failed instead of being retried forever. */
export const OCR_MAX_ATTEMPTS = 3;
/** How often an idle server looks for OCR jobs queued by another process (its own submissions wake it at once). */
export const OCR_POLL_MS = 15_000;
/** Mean word confidence (0-100) below which staff are told to check the OCR'd figures against the image. */
export const OCR_LOW_CONFIDENCE = 80;

// ---------------------------------------------------------------------------------------------------------------
// Insights
// ---------------------------------------------------------------------------------------------------------------

/** Average days per month (365.25 / 12), to normalise revenue from statement cycles that are not calendar months. */
export const DAYS_PER_MONTH = 30.4375;
/** A calendar month counts as a full month of history once statements cover 90% of its days. */
export const FULL_MONTH_COVERAGE = 0.9;
/** Months covered less than half are too partial to compare in trend and consistency. */
export const TREND_MONTH_MIN_COVERAGE = 0.5;
/** Monthly revenue moving 5% or more per month (least-squares slope over the mean) is a trend, not noise. */
export const TREND_THRESHOLD = 0.05;
/** Coefficient of variation of monthly revenue at or below 15% reads as steady revenue. */
export const CONSISTENCY_HIGH_MAX_CV = 0.15;
/** Up to 30% variation is normal seasonality; beyond it revenue is erratic. */
export const CONSISTENCY_MEDIUM_MAX_CV = 0.3;
/** Daily financing debits: at least this many same-amount debits to one counterparty (two working weeks). */
export const POSITION_MIN_DAILY_OCCURRENCES = 10;
/** Weekly financing debits: at least a month of same-amount weekly debits to one counterparty. */
export const POSITION_MIN_WEEKLY_OCCURRENCES = 4;
/** A position whose last debit is within two weeks of the statement end is still being paid. */
export const POSITION_ACTIVE_WITHIN_DAYS = 14;
/** Working days per week, to turn a daily debit into a weekly obligation. */
export const BUSINESS_DAYS_PER_WEEK = 5;
/** One deposit above 25% of a month's revenue means revenue leans on a single payer. */
export const DEPOSIT_CONCENTRATION_SHARE = 0.25;
/** Average daily balance below 10% of monthly revenue leaves no cushion for a weekly debit. */
export const LOW_BALANCE_RATIO = 0.1;
/** Below 5% of monthly revenue the account runs on empty. */
export const VERY_LOW_BALANCE_RATIO = 0.05;

// Health score (0-100): starts at 100, points off for what makes weekly collection fail.
/** Each NSF/overdraft event per month is a payment that bounced or nearly did. */
export const HEALTH_PER_NSF_EVENT = 5;
/** NSF deductions stop here so one bad month cannot wipe out the whole score. */
export const HEALTH_NSF_CAP = 25;
/** Each negative-balance day per month: collection would have failed that day. */
export const HEALTH_PER_NEGATIVE_DAY = 2;
/** Cap for negative days, as for NSF events. */
export const HEALTH_NEGATIVE_DAYS_CAP = 20;
/** Average daily balance below LOW_BALANCE_RATIO of revenue. */
export const HEALTH_LOW_BALANCE = 8;
/** Average daily balance below VERY_LOW_BALANCE_RATIO of revenue (replaces the smaller deduction). */
export const HEALTH_VERY_LOW_BALANCE = 15;
/** Medium consistency: some swings. */
export const HEALTH_MEDIUM_CONSISTENCY = 5;
/** Low consistency: revenue cannot be relied on week to week. */
export const HEALTH_LOW_CONSISTENCY = 10;
/** Declining revenue makes a fixed weekly payment heavier each month. */
export const HEALTH_DECLINING_TREND = 10;
/** Revenue concentrated in one payer. */
export const HEALTH_CONCENTRATION = 5;
/** Each active financing position already takes a share of the same revenue. */
export const HEALTH_PER_POSITION = 8;
/** Cap for positions (stacking has its own decline rule). */
export const HEALTH_POSITIONS_CAP = 20;
/** Without readable statements the health is unknown; assume an average account, never a good one. */
export const FALLBACK_HEALTH_SCORE = 60;

// ---------------------------------------------------------------------------------------------------------------
// Risk tier: health score plus adjustments for the stated credit band and time in business.
// ---------------------------------------------------------------------------------------------------------------

/** Points added to the health score per stated credit band (spec option values). */
export const CREDIT_BAND_POINTS: Readonly<Record<number, number>> = {
  750: 10, // excellent: personal guarantee is strong
  700: 5,
  650: 0, // fair is the typical MCA applicant, the neutral point
  600: -10,
  550: -20, // bad credit: approvals rest on the bank statements alone
  500: -30, // below MIN_CREDIT_BAND, declined anyway; kept so the score still explains itself
};
/** Below this band the product does not lend (advances above 550 have loss rates we can price). */
export const MIN_CREDIT_BAND = 550;
/** Businesses past five years have survived a downturn; reward that. */
export const TIME_IN_BUSINESS_BONUS_MONTHS = 60;
/** Points for TIME_IN_BUSINESS_BONUS_MONTHS or more. */
export const TIME_IN_BUSINESS_BONUS_POINTS = 5;
/** Under two years a business is still fragile. */
export const YOUNG_BUSINESS_MONTHS = 24;
/** Points for under YOUNG_BUSINESS_MONTHS. */
export const YOUNG_BUSINESS_POINTS = -5;
/** The product needs a year of operations (the form's shortest option is 1-2 years); younger goes to staff. */
export const MIN_MONTHS_IN_BUSINESS = 12;
/** Under six months there is no track record to underwrite at all. */
export const DECLINE_MONTHS_IN_BUSINESS = 6;
/** A start date this many months younger than the stated band is a contradiction worth flagging. */
export const START_DATE_TOLERANCE_MONTHS = 6;
/** Lower bound of each time-in-business option, in months (used when no statement dates the application). */
export const TIME_IN_BUSINESS_MONTHS: Readonly<Record<string, number>> = {
  '1-2 years': 12,
  '2-5 years': 24,
  '5-10 years': 60,
  '10+ years': 120,
};
/** Risk score at or above this is Low risk. */
export const LOW_RISK_MIN_SCORE = 80;
/** Risk score at or above this (and below LOW_RISK_MIN_SCORE) is Medium; below is High. */
export const MEDIUM_RISK_MIN_SCORE = 60;
/** Below this risk score the policy declines: the offer would be priced past the top factor rate. */
export const DECLINE_RISK_SCORE = 35;

export type RiskTier = 'Low' | 'Medium' | 'High';
export type TierTerms = {
  /** Factor rate in basis points of the advance (12500 = 1.25): integer math for money. */
  factorRateBp: number;
  termWeeks: number;
  /** Advance cap as a multiple of average monthly true revenue, in basis points (12500 = 1.25x). */
  revenueMultipleBp: number;
};
/**
 * Factor rates span the product's 1.25-1.45; riskier tiers pay more, repay faster (less time exposed) and get a
 * smaller multiple of revenue. Each multiple sits just under what the weekly payment cap alone would allow
 * (1.44x, 1.00x, 0.62x), so without existing debts the multiple binds and with them the payment cap does.
 */
export const TIER_TERMS: Readonly<Record<RiskTier, TierTerms>> = {
  Low: { factorRateBp: 12_500, termWeeks: 52, revenueMultipleBp: 12_500 },
  Medium: { factorRateBp: 13_500, termWeeks: 39, revenueMultipleBp: 9_000 },
  High: { factorRateBp: 14_500, termWeeks: 26, revenueMultipleBp: 6_000 },
};

// ---------------------------------------------------------------------------------------------------------------
// Offer
// ---------------------------------------------------------------------------------------------------------------

/** Weekly payments (ours plus existing positions) may take at most 15% of weekly true revenue: the MCA holdback norm. */
export const WEEKLY_PAYMENT_SHARE_BP = 1_500;
/** The form's smallest request; a smaller offer is not worth the applicant's closing effort, so it is a decline. */
export const PRODUCT_MIN_OFFER_CENTS = 10_000_00;
/** Largest advance funded without a syndicate partner; bigger requests are capped here. */
export const PRODUCT_MAX_OFFER_CENTS = 1_000_000_00;
/** Offers are rounded down to $500 so they read as decided amounts, not computation artefacts. */
export const OFFER_ROUNDING_CENTS = 500_00;
/** Weeks per year, for weekly revenue and APR. */
export const WEEKS_PER_YEAR = 52;
/** Average monthly revenue below the form's smallest band cannot carry any weekly payment. */
export const MIN_MONTHLY_REVENUE_CENTS = 10_000_00;

// ---------------------------------------------------------------------------------------------------------------
// Approve / review / decline
// ---------------------------------------------------------------------------------------------------------------

/** Instant approval needs three months of statements (Feb-Apr is the shortest at 89 days): one month hides seasonality. */
export const MIN_HISTORY_DAYS_FOR_APPROVAL = 89;
/** NSF/overdraft events per month above this: the account cannot carry a weekly debit, decline. */
export const DECLINE_NSF_PER_MONTH = 8;
/** Negative-balance days per month above this: the account lives overdrawn, decline. */
export const DECLINE_NEGATIVE_DAYS_PER_MONTH = 12;
/** More than two NSF/overdraft events a month takes the file to a person rather than an instant approval. */
export const REVIEW_NSF_PER_MONTH = 2;
/** More than three negative-balance days a month, likewise: the weekly debit would bounce some weeks. */
export const REVIEW_NEGATIVE_DAYS_PER_MONTH = 3;
/** Three or more active positions known as funders is stacking: the policy declines (docs/product.md 4.3). */
export const DECLINE_POSITIONS = 3;
/** Two active positions: a person decides whether a third payment fits. */
export const REVIEW_POSITIONS = 2;
/** Stated revenue whose lower bound is 1.5x what statements show is overstated (bands are 2x wide). */
export const STATED_REVENUE_OVERSTATEMENT_RATIO = 1.5;

// Confidence (percent): how much the engine trusts its own reading.
/** Every file read, balances reconcile, three months or more. */
export const CONFIDENCE_BASE = 92;
/** Balances do not reconcile: some transactions were probably missed or misread. */
export const CONFIDENCE_BALANCE_MISMATCH = 25;
/** Balances not printed: nothing to cross-check against. */
export const CONFIDENCE_UNVERIFIABLE = 8;
/** Per unreadable or skipped file while others were read: revenue may be incomplete. */
export const CONFIDENCE_PER_UNREADABLE = 12;
/** Less than MIN_HISTORY_DAYS_FOR_APPROVAL days of history. */
export const CONFIDENCE_SHORT_HISTORY = 12;
/** Gaps between statements. */
export const CONFIDENCE_MISSING_MONTHS = 10;
/** Stated and observed revenue disagree. */
export const CONFIDENCE_OVERSTATED = 15;
/** No statement read: the decision rests on what the applicant typed. */
export const CONFIDENCE_STATED_ONLY = 30;
/** Never claim certainty, never claim none. */
export const CONFIDENCE_MIN = 5;
/** Upper bound, same reason. */
export const CONFIDENCE_MAX = 99;

/** Monthly revenue options of the form, in cents; the lower bound is what an applicant claims at least. */
export const STATED_REVENUE_BANDS: Readonly<Record<string, { minCents: number; maxCents: number | null }>> = {
  '$10,000 - $20,000': { minCents: 10_000_00, maxCents: 20_000_00 },
  '$20,000 - $50,000': { minCents: 20_000_00, maxCents: 50_000_00 },
  '$50,000 - $100,000': { minCents: 50_000_00, maxCents: 100_000_00 },
  '$100,000 - $250,000': { minCents: 100_000_00, maxCents: 250_000_00 },
  '$250,000 - $500,000': { minCents: 250_000_00, maxCents: 500_000_00 },
  '$500,000+': { minCents: 500_000_00, maxCents: null },
};

// ---------------------------------------------------------------------------------------------------------------
// Offer menu: the options around the engine's offer, live repricing, prepayment and renewal. None of
// these change a decision (approve / review / decline or the standard offer), so ENGINE_VERSION stays.
// ---------------------------------------------------------------------------------------------------------------

/** Terms move a quarter either side of the tier's term: enough to change the weekly payment, not the risk picture. */
export const OFFER_TERM_SPREAD_WEEKS = 13;
/** Never shorter than a quarter: shorter advances make weekly payments most businesses cannot carry. */
export const OFFER_MIN_TERM_WEEKS = 13;
/** The contract's term ceiling (five years); a staff-set term beyond it is never widened further. */
export const OFFER_MAX_TERM_WEEKS = 260;
/**
 * Each week longer than the tier's term adds 0.002 to the factor rate (each week shorter takes it off): the cost of
 * a week's more exposure. An even number of thousandths keeps totals on $500 steps in whole dollars.
 */
export const OFFER_FACTOR_MILLI_PER_WEEK = 2;
/** Factor rates stay inside the product's 1.25-1.45 band whatever the term (docs/product.md 4). */
export const OFFER_MIN_FACTOR_MILLI = 1_250;
/** Upper end of the band, same reason. */
export const OFFER_MAX_FACTOR_MILLI = 1_450;
/** The smaller option is 60% of the standard amount: a real step down, still above the product minimum for most. */
export const OFFER_SMALLER_SHARE_BP = 6_000;
/** Smallest amount a client may pick: the product minimum, as for the engine's own offers. */
export const OFFER_MIN_AMOUNT_CENTS = PRODUCT_MIN_OFFER_CENTS;
/** We charge no origination fee, so nothing is withheld from the funding (the disclosure shows it as $0). */
export const OFFER_WITHHELD_CENTS = 0;
/**
 * Paying off early waives half of the finance charge not yet earned. The finance charge is earned in proportion to
 * what is repaid, so the unearned part is the finance charge times balance / total repayment. Half, not all: the
 * cost of funding and servicing the advance is front-loaded.
 */
export const PREPAYMENT_UNEARNED_WAIVER_BP = 5_000;
/** The sentence the disclosure shows for the prepayment policy (it must say what the numbers above do). */
export const PREPAYMENT_POLICY_TEXT =
  'No prepayment penalty. If you pay off early, we waive half of the finance charge not yet earned ' +
  '(the finance charge in proportion to the balance still owed).';
/** Renewal once half of the total repayment is paid: the client has shown the payment fits. */
export const RENEWAL_PAID_SHARE_BP = 5_000;
/** At most three facts that limited the offer are shown, the ones that changed the engine's answer the most. */
export const WHAT_IF_MAX_FACTS = 3;
/**
 * Consolidation payoff estimate: statements show what a position debits, not what is still owed. Advances are
 * usually refinanced around half-way through a 6-12 month term, so 26 weeks of the debit is the prefilled estimate;
 * staff replace it with the funder's payoff letter.
 */
export const CONSOLIDATION_PAYOFF_ESTIMATE_WEEKS = 26;
