import {
  MAX_DECISION_REASONS,
  type AdverseActionNoticeKind,
  type DecisionReasonCode,
  type StaffDecision,
} from '../../../src/shared/decisions';

// The principal reasons the engine's stored facts imply, pre-selected in the decision form (docs/product.md 6.7).
// Reads the stored analysis field by field: an older or newer shape suggests less, never fails.

/** Engine flag codes (services/underwriting/decision.ts) and the reason each one points to. */
const FLAG_REASONS: Record<string, DecisionReasonCode> = {
  'revenue-below-minimum': 'insufficient-revenue',
  'offer-below-minimum': 'insufficient-revenue',
  'declining-revenue': 'insufficient-revenue',
  'inconsistent-revenue': 'insufficient-revenue',
  'nsf-events': 'negative-days',
  'negative-balance-days': 'negative-days',
  'low-average-balance': 'negative-days',
  'existing-financing': 'existing-financing',
  'young-business': 'time-in-business',
  'time-in-business-unknown': 'time-in-business',
  'start-date-contradicts-band': 'time-in-business',
  'statement-unreadable': 'statements-unverified',
  'no-statements': 'statements-unverified',
  'balance-mismatch': 'statements-unverified',
  'stated-revenue-overstated': 'statements-unverified',
  'short-history': 'insufficient-history',
  'missing-months': 'insufficient-history',
  'credit-below-minimum': 'credit-history',
  'credit-band-unknown': 'credit-history',
};

/** The cap that bound the engine's offer, when it is below the amount asked for. */
const CAP_REASONS: Record<string, DecisionReasonCode> = {
  'revenue-multiple': 'insufficient-revenue',
  'product-maximum': 'amount-over-maximum',
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Adverse reasons from the flags that weigh (warnings and critical ones; information alone never does). */
function flagReasons(analysis: unknown): DecisionReasonCode[] {
  const flags = asRecord(analysis).flags;
  if (!Array.isArray(flags)) return [];
  const out: DecisionReasonCode[] = [];
  // Critical flags (what made the engine recommend a decline) first, then warnings.
  for (const severity of ['critical', 'warning']) {
    for (const raw of flags) {
      const flag = asRecord(raw);
      if (flag.severity !== severity || typeof flag.code !== 'string') continue;
      const reason = FLAG_REASONS[flag.code];
      if (reason && !out.includes(reason)) out.push(reason);
    }
  }
  return out;
}

/** Why the engine's offer is smaller than the request: the cap that bound it, read as a reason. */
function capReason(analysis: unknown): DecisionReasonCode | null {
  const offer = asRecord(asRecord(analysis).offer);
  const cap = offer.bindingCap;
  if (cap === 'weekly-payment') {
    const existing = typeof offer.existingWeeklyFinancingCents === 'number' ? offer.existingWeeklyFinancingCents : 0;
    return existing > 0 ? 'existing-financing' : 'insufficient-revenue';
  }
  return typeof cap === 'string' ? (CAP_REASONS[cap] ?? null) : null;
}

/**
 * Pre-selected reasons per decision. A decline: the reasons the flags imply (critical ones first, as the engine
 * listed them), at most four; none when the engine saw nothing against it (staff choose). An approval: "meets requirements", plus, when the approval would be for less than asked,
 * the cap that bound the offer (a counter-offer needs its adverse reasons).
 */
export function suggestReasons(input: {
  analysis: unknown;
  engineDecision: string | null;
  requestedCents: number;
  approvalCents: number | null;
}): Record<StaffDecision, DecisionReasonCode[]> {
  const fromFlags = flagReasons(input.analysis);
  const declined = fromFlags.slice(0, MAX_DECISION_REASONS);
  const approved: DecisionReasonCode[] = [
    input.engineDecision === 'approved' ? 'meets-requirements' : 'verified-by-staff',
  ];
  if (input.approvalCents !== null && input.approvalCents < input.requestedCents) {
    const cap = capReason(input.analysis);
    approved.push(cap ?? 'insufficient-revenue');
  }
  return { declined, approved };
}

/**
 * The principal reasons of the engine's own adverse action at submission, from its limiting facts: a decline states
 * the flags that weighed (critical first, at most four); a counter-offer states the cap that bound the offer.
 */
export function engineNoticeReasons(analysis: unknown, kind: AdverseActionNoticeKind): DecisionReasonCode[] {
  const cap = capReason(analysis) ?? 'insufficient-revenue';
  if (kind === 'counter_offer') return [cap];
  const fromFlags = flagReasons(analysis).slice(0, MAX_DECISION_REASONS);
  return fromFlags.length > 0 ? fromFlags : [cap];
}
