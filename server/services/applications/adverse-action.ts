import {
  ADVERSE_ACTION_TITLE,
  ECOA_NOTICE_TEXT,
  principalReasonWords,
  type AdverseActionNoticeContent,
  type AdverseActionNoticeKind,
} from '../../../src/shared/decisions';
import type { LenderConfig } from '../../../src/shared/lender';
import { centsToDollars, formatLongDate, formatUsd, shortId } from '../../../src/shared/format';

// The adverse action notice (docs/product.md 6.7): what was decided, the principal reasons in plain words, the
// right to a statement of reasons, the ECOA notice and the lender's details. Pure: the same decision gives the
// same notice; it is stored as built, so what the applicant was sent can always be shown again.

/** A decline, or an approval for less than the applicant asked for, needs a notice; a full approval does not. */
export function noticeKindOf(input: {
  decision: 'approved' | 'declined';
  requestedCents: number;
  approvedCents: number | null;
}): AdverseActionNoticeKind | null {
  if (input.decision === 'declined') return 'declined';
  if (input.approvedCents !== null && input.approvedCents < input.requestedCents) return 'counter_offer';
  return null;
}

export function buildAdverseActionNotice(input: {
  kind: AdverseActionNoticeKind;
  applicationId: string;
  businessName: string;
  requestedCents: number;
  approvedCents: number | null;
  reasons: readonly string[];
  otherReason: string | null;
  lender: LenderConfig;
  decidedAt: Date;
}): AdverseActionNoticeContent {
  const requested = formatUsd(centsToDollars(input.requestedCents));
  const action =
    input.kind === 'declined'
      ? `We are unable to approve your application for ${requested} in business funding.`
      : `We are unable to approve your application for the ${requested} you requested. We can offer ` +
        `${formatUsd(centsToDollars(input.approvedCents ?? 0))} instead; the offer is in your client portal.`;
  const { lender } = input;
  return {
    title: ADVERSE_ACTION_TITLE,
    date: formatLongDate(input.decidedAt.toISOString().slice(0, 10)),
    businessName: input.businessName,
    reference: shortId(input.applicationId),
    action,
    reasons: principalReasonWords(input.reasons, input.otherReason),
    rightToStatement:
      'You have the right to a statement of the specific reasons for this decision; the principal reasons are ' +
      `listed above. If you would like a further statement of reasons, contact ${lender.legalName} at ` +
      `${lender.address}, ${lender.phone} or ${lender.supportEmail} within 60 days of the date of this notice. ` +
      'We will send you the statement within 30 days of receiving your request.',
    ecoa: ECOA_NOTICE_TEXT,
    lender: {
      legalName: lender.legalName,
      addressLines: lender.addressLines,
      phone: lender.phone,
      email: lender.supportEmail,
      nmlsId: lender.nmlsId,
    },
  };
}
