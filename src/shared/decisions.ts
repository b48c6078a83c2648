// Staff decisions with principal reasons, and the adverse action notice they produce (docs/product.md 6.7).
// The one list of reasons: staff pick from it, the server checks against it, the notice words come from it.

/**
 * `adverse`: a reason against the applicant (a decline, or why an approval is for less than asked); these are the
 * principal reasons a notice states. `approval`: why an application was approved; never shown in a notice.
 * `words`: the plain sentence the applicant reads in the notice.
 */
export const DECISION_REASONS = [
  {
    code: 'insufficient-revenue',
    kind: 'adverse',
    label: 'Insufficient revenue',
    words: 'The revenue your business deposits, as shown on your bank statements, is too low for the amount requested.',
  },
  {
    code: 'negative-days',
    kind: 'adverse',
    label: 'Too many negative days or NSF events',
    words:
      'Your business bank account had too many days with a negative balance, or too many returned (NSF) or overdraft items.',
  },
  {
    code: 'existing-financing',
    kind: 'adverse',
    label: 'Existing financing positions',
    words: 'The payments on your existing business financing are too high compared with your revenue.',
  },
  {
    code: 'time-in-business',
    kind: 'adverse',
    label: 'Time in business',
    words: 'Your business has not been operating long enough.',
  },
  {
    code: 'statements-unverified',
    kind: 'adverse',
    label: 'Statements could not be verified',
    words: 'We could not verify your revenue and balances from the bank statements you provided.',
  },
  {
    code: 'insufficient-history',
    kind: 'adverse',
    label: 'Not enough statement history',
    words: 'The bank statements you provided do not cover enough consecutive months.',
  },
  {
    code: 'incomplete-application',
    kind: 'adverse',
    label: 'Incomplete application',
    words: 'Your application was incomplete: we did not receive the information or documents we needed.',
  },
  {
    code: 'credit-history',
    kind: 'adverse',
    label: 'Credit history',
    words: 'The credit history stated in your application does not meet our requirements.',
  },
  {
    code: 'identity-unverified',
    kind: 'adverse',
    label: 'Credit or identity could not be verified',
    words: 'We could not verify your identity, your business or your credit information.',
  },
  {
    code: 'amount-over-maximum',
    kind: 'adverse',
    label: 'Amount above our maximum',
    words: 'The amount requested is more than the most we provide to one business.',
  },
  {
    code: 'other',
    kind: 'adverse',
    label: 'Staff judgement: other',
    // The staff member writes the sentence (otherReason); it is shown to the applicant as written.
    words: null,
  },
  {
    code: 'meets-requirements',
    kind: 'approval',
    label: 'Meets our requirements',
    words: null,
  },
  {
    code: 'verified-by-staff',
    kind: 'approval',
    label: 'Figures verified by staff',
    words: null,
  },
] as const;

export type DecisionReason = (typeof DECISION_REASONS)[number];
export type DecisionReasonCode = DecisionReason['code'];
export const DECISION_REASON_CODES = DECISION_REASONS.map((reason) => reason.code) as [
  DecisionReasonCode,
  ...DecisionReasonCode[],
];

/** Regulation B: more than four principal reasons does not help the applicant; a notice states at most four. */
export const MAX_DECISION_REASONS = 4;
export const OTHER_REASON_MAX_LENGTH = 300;
export const DECISION_NOTE_MAX_LENGTH = 2000;

export const STAFF_DECISIONS = ['approved', 'declined'] as const;
export type StaffDecision = (typeof STAFF_DECISIONS)[number];

const byCode = new Map<string, DecisionReason>(DECISION_REASONS.map((reason) => [reason.code, reason]));

export function decisionReason(code: string): DecisionReason | undefined {
  return byCode.get(code);
}

export function isAdverseReason(code: string): boolean {
  return byCode.get(code)?.kind === 'adverse';
}

/** The reasons staff may pick for a decision: a decline takes adverse reasons only; an approval any. */
export function reasonsFor(decision: StaffDecision): DecisionReason[] {
  return DECISION_REASONS.filter((reason) => decision === 'approved' || reason.kind === 'adverse');
}

/** The principal reasons of a notice in the applicant's words, in the order of the list. */
export function principalReasonWords(codes: readonly string[], otherReason: string | null | undefined): string[] {
  return DECISION_REASONS.filter((reason) => reason.kind === 'adverse' && codes.includes(reason.code)).map(
    (reason) => reason.words ?? otherReason ?? '',
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The notice's fixed texts. A non-bank commercial lender's ECOA agency is the Federal Trade Commission (Regulation B,
// appendix A).
// ---------------------------------------------------------------------------------------------------------------

export const ECOA_AGENCY =
  'Federal Trade Commission, Consumer Response Center, 600 Pennsylvania Avenue NW, Washington, DC 20580';

export const ECOA_NOTICE_TEXT =
  'The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on ' +
  'the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the ' +
  "capacity to enter into a binding contract); because all or part of the applicant's income derives from any " +
  'public assistance program; or because the applicant has in good faith exercised any right under the Consumer ' +
  `Credit Protection Act. The federal agency that administers compliance with this law concerning this creditor is the ${ECOA_AGENCY}.`;

export const ADVERSE_ACTION_TITLE = 'Notice of action taken and statement of reasons';

/** What an adverse action notice says, as stored when it was made (the portal shows it, the email carries it). */
export type AdverseActionNoticeContent = {
  title: string;
  date: string;
  businessName: string;
  reference: string;
  /** What we did: declined, or approved for less than requested. */
  action: string;
  reasons: string[];
  rightToStatement: string;
  ecoa: string;
  lender: { legalName: string; addressLines: string[]; phone: string; email: string; nmlsId: string | null };
};

export type AdverseActionNoticeKind = 'declined' | 'counter_offer';

/** A notice as a client or staff member sees it. */
export type AdverseActionNoticeDto = {
  id: string;
  applicationId: string;
  kind: AdverseActionNoticeKind;
  content: AdverseActionNoticeContent;
  createdAt: Date;
  /** When the email went out; null while it has not (staff see "Not sent"). */
  sentAt: Date | null;
};

/** A staff decision as the back office shows it. */
export type ApplicationDecisionDto = {
  id: string;
  decision: StaffDecision;
  reasons: Array<{ code: string; label: string }>;
  otherReason: string | null;
  note: string | null;
  requestedAmount: number;
  approvedAmount: number | null;
  decidedAt: Date;
  decidedBy: string;
  notice: NoticeSummaryDto | null;
};

/** A notice as staff see it: sent when, or when its email last failed (staff may send it again). */
export type NoticeSummaryDto = {
  id: string;
  kind: AdverseActionNoticeKind;
  sentAt: Date | null;
  sendFailedAt: Date | null;
  createdAt: Date;
};

/** What the decision form needs: the reasons the engine's facts imply, pre-selected, and the decisions so far. */
export type DecisionContextDto = {
  requestedAmount: number;
  /** The amount an approval would carry now (staff's earlier amount or the engine's offer); null when none. */
  approvalAmount: number | null;
  suggested: Record<StaffDecision, DecisionReasonCode[]>;
  decisions: ApplicationDecisionDto[];
  /** The engine's own notices at submission (a decline or a counter-offer it made), newest first. */
  engineNotices: NoticeSummaryDto[];
};
