import { z } from 'zod';

// Offers: the offer menu, live repricing, the disclosure summary, the electronic
// signature, what would change the offer, consolidation and the loan extras (payoff quote, renewal, lower payment).
// This file is the contract between server and client: inputs are zod, answers plain types. Money in whole dollars
// unless a name says otherwise.

const objectId = z.string().trim().min(1, 'Missing id').max(64, 'Invalid id');

/** Amounts move in $500 steps, as the engine rounds its offers (policy OFFER_ROUNDING_CENTS). */
export const OFFER_AMOUNT_STEP = 500;

const dollarsField = z
  .number({ error: 'Please enter an amount in whole dollars' })
  .int('Please enter an amount in whole dollars')
  .min(0, 'Please enter an amount in whole dollars')
  .max(100_000_000, 'Please enter an amount in whole dollars');
const termField = z
  .number({ error: 'Please choose a term in weeks' })
  .int('Please choose a term in weeks')
  .min(1, 'Please choose a term in weeks')
  .max(260, 'Please choose a term in weeks');

/** Reprice an application's offer at another amount and term (server applies the same policy function). */
export const priceOfferSchema = z.object({ id: objectId, amount: dollarsField, termWeeks: termField }).strict();
export type PriceOfferInput = z.infer<typeof priceOfferSchema>;

export const SIGNATURE_NAME_MAX = 200;

/**
 * Acceptance is an electronic signature: the chosen option, consent to electronic records, the
 * typed full name and the hash of the summary the client was shown (the server recomputes it and refuses a
 * mismatch, so nobody signs a summary other than the one priced).
 */
export const acceptOfferSchema = z
  .object({
    id: objectId,
    amount: dollarsField,
    termWeeks: termField,
    fullName: z
      .string({ error: 'Please type your full name to sign' })
      .trim()
      .min(2, 'Please type your full name to sign')
      .max(SIGNATURE_NAME_MAX, `Please keep your name under ${SIGNATURE_NAME_MAX} characters`),
    consent: z.literal(true, { error: 'Please agree to receive and sign records electronically' }),
    summaryHash: z
      .string()
      .max(64, { error: 'The offer summary is missing; please review it again', abort: true })
      .regex(/^[0-9a-f]{64}$/, 'The offer summary is missing; please review it again'),
  })
  .strict();
export type AcceptOfferInput = z.infer<typeof acceptOfferSchema>;

/** Ask to consolidate existing financing positions found on the statements into this application. */
export const requestConsolidationSchema = z
  .object({
    id: objectId,
    /** Counterparty names exactly as listed in OfferMenuDto.positions. */
    positions: z
      .array(z.string().trim().min(1).max(200))
      .min(1, 'Please choose at least one position to consolidate')
      .max(20, 'Please choose at most 20 positions'),
  })
  .strict();
export type RequestConsolidationInput = z.infer<typeof requestConsolidationSchema>;

export const LOWER_PAYMENT_REASON_MIN = 10;
export const LOWER_PAYMENT_REASON_MAX = 1000;

/** A request for a lower weekly payment when revenue drops; staff see it. */
export const requestLowerPaymentSchema = z
  .object({
    loanId: objectId,
    requestedWeeklyPayment: z
      .number({ error: 'Please enter a weekly payment in whole dollars' })
      .int('Please enter a weekly payment in whole dollars')
      .min(1, 'Please enter a weekly payment in whole dollars'),
    reason: z
      .string({ error: 'Please tell us what changed' })
      .trim()
      .min(LOWER_PAYMENT_REASON_MIN, `Please tell us a little more (at least ${LOWER_PAYMENT_REASON_MIN} characters)`)
      .max(LOWER_PAYMENT_REASON_MAX, `Please keep it under ${LOWER_PAYMENT_REASON_MAX} characters`),
  })
  .strict();
export type RequestLowerPaymentInput = z.infer<typeof requestLowerPaymentSchema>;

// ---- Answers ----

export const OFFER_OPTION_KEYS = ['smaller', 'standard', 'longer', 'custom'] as const;
export type OfferOptionKey = (typeof OFFER_OPTION_KEYS)[number];

/** One priced option. */
export type OfferOptionDto = {
  key: OfferOptionKey;
  /** "Smaller, shorter", "Standard offer", "Longer term", "Your choice". */
  label: string;
  amount: number;
  termWeeks: number;
  factorRate: number;
  totalRepayment: number;
  financeCharge: number;
  weeklyPayment: number;
  /** Estimated APR in percent, one decimal. */
  estimatedApr: number;
  /** Weekly payment as a percent (one decimal) of verified weekly true revenue; null when revenue is unverified. */
  affordabilityPct: number | null;
};

/**
 * The offer summary in the form California and New York require for sales-based financing, shown before the
 * signature and again in the portal after acceptance.
 */
export type OfferDisclosureDto = {
  fundingProvided: number;
  amountWithheld: number;
  netFunds: number;
  estimatedApr: number;
  financeCharge: number;
  totalRepayment: number;
  paymentAmount: number;
  paymentFrequency: 'Weekly';
  estimatedTermWeeks: number;
  prepaymentPolicy: string;
  /** sha256 (hex) of the summary's canonical JSON, what the signature binds to. */
  summaryHash: string;
};

export type PricedOfferDto = { option: OfferOptionDto; disclosure: OfferDisclosureDto };

export type OfferLimitsDto = {
  minAmount: number;
  maxAmount: number;
  amountStep: number;
  minTermWeeks: number;
  maxTermWeeks: number;
};

/** A fact that limited the offer, and the engine's answer with that fact taken away (re-run, never made up). */
export type WhatIfDto = {
  fact: string;
  withoutIt: { decision: 'approved' | 'review' | 'declined'; amount: number; weeklyPayment: number; termWeeks: number };
};

/** An existing financing position found on the statements (recurring same-amount debits to a funder). */
export type FinancingPositionDto = {
  counterparty: string;
  frequency: 'daily' | 'weekly';
  /** The recurring debit. */
  amount: number;
  weeklyBurden: number;
  isActive: boolean;
};

export type OfferMenuDto = {
  applicationId: string;
  businessName: string;
  /** The first moment the offer can no longer be accepted (OFFER_VALID_DAYS after the approval). */
  validUntil: Date;
  isExpired: boolean;
  /** Verified weekly true revenue (from statements); null when the decision rests on stated revenue. */
  weeklyRevenue: number | null;
  /** Weekly debits to other funders found on the statements. */
  existingWeeklyPayments: number;
  /** The most our weekly payment may take of weekly revenue, in percent (policy cap less existing positions). */
  affordabilityCapPct: number | null;
  limits: OfferLimitsDto;
  options: PricedOfferDto[];
  whatWouldChange: WhatIfDto[];
  positions: FinancingPositionDto[];
  consolidation: {
    requested: boolean;
    positions: string[];
    estimatedPayoffAmount: number | null;
    estimatedPaymentReduction: number | null;
  };
};

/** The signature record: the client sees it in the portal after acceptance, staff on the application. */
export type OfferSignatureDto = {
  fullName: string;
  signedAt: Date;
  ip: string;
  summaryHash: string;
  option: OfferOptionDto;
  disclosure: OfferDisclosureDto;
};

export type PayoffQuoteDto = {
  loanId: string;
  /** ISO date the quote is good for (today, server clock). */
  asOf: string;
  balance: number;
  /** Prepayment discount (part of the finance charge not yet earned), per the prepayment policy. */
  discount: number;
  payoffAmount: number;
};

export type RenewalDto = {
  loanId: string;
  paidPct: number;
  /** Eligible once this share of the total repayment is paid (50). */
  eligibleAtPct: number;
  eligible: boolean;
};

export type LowerPaymentRequestDto = {
  id: string;
  loanId: string;
  requestedWeeklyPayment: number;
  reason: string;
  status: 'open' | 'in_review' | 'closed';
  createdAt: Date;
};
