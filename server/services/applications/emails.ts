import type { LenderConfig } from '../../../src/shared/lender';
import { composeEmail } from '../../lib/email';
import { formatUsd, shortId } from '../../../src/shared/format';

// Submission emails (docs/product.md 3). Restricted data (SSN, EIN, birth date, bank details) never goes into a mail.

export type SubmissionSummary = {
  applicationId: string;
  businessName: string;
  ownerName: string;
  email: string;
  loanAmount: number;
  decision: 'approved' | 'declined' | 'review' | null;
  approvedAmount: number;
  isExistingClient: boolean;
  documentCount: number;
};

/** `claimLink`: the one-time link that lets the applicant attach an anonymous application to an account. */
export function applicantReceipt(
  lender: LenderConfig,
  summary: SubmissionSummary,
  publicUrl: string,
  claimLink: string | null = null,
) {
  const outcome =
    summary.decision === 'approved'
      ? `Good news: you are pre-approved for up to ${formatUsd(summary.approvedAmount)}. Your offer is waiting for you.`
      : 'An underwriter is reviewing your application and will contact you within 24 hours.';
  return composeEmail(
    lender,
    { to: summary.email, subject: `We received your ${lender.brandName} application` },
    {
      greeting: `Hello ${summary.ownerName},`,
      blocks: [
        `Thank you for applying for ${formatUsd(summary.loanAmount)} in funding for ${summary.businessName}.`,
        { facts: [['Reference number', shortId(summary.applicationId)]] },
        outcome,
        ...(claimLink
          ? [
              'To see your decision and track your application, create an account or sign in with this email ' +
                'address through this link (valid for 14 days, usable once).',
              { action: { label: 'See my decision', url: claimLink } },
            ]
          : [{ action: { label: 'Track my application', url: `${publicUrl}/client-portal` } }]),
      ],
    },
  );
}

export function staffNotice(lender: LenderConfig, summary: SubmissionSummary, staffEmail: string, publicUrl: string) {
  return composeEmail(
    lender,
    { to: staffEmail, subject: `New application: ${summary.businessName} (${formatUsd(summary.loanAmount)})` },
    {
      blocks: [
        'A new application was submitted.',
        {
          facts: [
            ['Reference', `${shortId(summary.applicationId)} (${summary.applicationId})`],
            ['Business', summary.businessName],
            ['Owner', summary.ownerName],
            ['Requested', formatUsd(summary.loanAmount)],
            ['Engine decision', summary.decision ?? 'not available (manual review)'],
            ...(summary.decision === 'approved'
              ? [['Pre-approved amount', formatUsd(summary.approvedAmount)] as [string, string]]
              : []),
            ['Returning client', summary.isExistingClient ? 'yes' : 'no'],
            ['Documents', String(summary.documentCount)],
          ],
        },
        { action: { label: 'Open it in the admin panel', url: `${publicUrl}/admin` } },
      ],
    },
  );
}

/** A fresh claim link for each application of this email that no account has yet (the resend form). */
export function claimLinkMail(
  lender: LenderConfig,
  input: { to: string; ownerName: string; links: Array<{ businessName: string; reference: string; url: string }> },
) {
  return composeEmail(
    lender,
    { to: input.to, subject: `Your link to your ${lender.brandName} application` },
    {
      greeting: `Hello ${input.ownerName},`,
      blocks: [
        'Here is the link you asked for. Open it to see your decision, then create an account or sign in with this ' +
          'email address to keep track of your application. Each link is valid for 14 days and can be used once.',
        ...input.links.map((link) => ({
          action: { label: `${link.businessName} (reference ${link.reference})`, url: link.url },
        })),
        'If you did not ask for this, you can ignore this email.',
      ],
    },
  );
}
