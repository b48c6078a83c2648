import { BRAND_NAME } from '../../../src/shared/constants';
import type { MailMessage } from '../../lib/mail';
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
  summary: SubmissionSummary,
  publicUrl: string,
  claimLink: string | null = null,
): MailMessage {
  const outcome =
    summary.decision === 'approved'
      ? `Good news: you are pre-approved for up to ${formatUsd(summary.approvedAmount)}. Your offer is waiting for you.`
      : 'An underwriter is reviewing your application and will contact you within 24 hours.';
  return {
    to: summary.email,
    subject: `We received your ${BRAND_NAME} application`,
    text: [
      `Hello ${summary.ownerName},`,
      '',
      `Thank you for applying for ${formatUsd(summary.loanAmount)} in funding for ${summary.businessName}.`,
      `Your reference number is ${shortId(summary.applicationId)}.`,
      '',
      outcome,
      '',
      ...(claimLink
        ? [
            'To see your decision and track your application, create an account or sign in with this email address',
            'through this link (valid for 14 days, usable once):',
            claimLink,
          ]
        : [`Track your application at ${publicUrl}/client-portal.`]),
      '',
      `${BRAND_NAME}`,
    ].join('\n'),
  };
}

export function staffNotice(summary: SubmissionSummary, staffEmail: string, publicUrl: string): MailMessage {
  return {
    to: staffEmail,
    subject: `New application: ${summary.businessName} (${formatUsd(summary.loanAmount)})`,
    text: [
      `A new application was submitted.`,
      '',
      `Reference: ${shortId(summary.applicationId)} (${summary.applicationId})`,
      `Business: ${summary.businessName}`,
      `Owner: ${summary.ownerName}`,
      `Requested: ${formatUsd(summary.loanAmount)}`,
      `Engine decision: ${summary.decision ?? 'not available (manual review)'}`,
      summary.decision === 'approved' ? `Pre-approved amount: ${formatUsd(summary.approvedAmount)}` : '',
      `Returning client: ${summary.isExistingClient ? 'yes' : 'no'}`,
      `Documents: ${summary.documentCount}`,
      '',
      `Open it in the admin panel: ${publicUrl}/admin`,
    ]
      .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
      .join('\n'),
  };
}

/** A fresh claim link for each application of this email that no account has yet (the resend form). */
export function claimLinkMail(input: {
  to: string;
  ownerName: string;
  links: Array<{ businessName: string; reference: string; url: string }>;
}): MailMessage {
  return {
    to: input.to,
    subject: `Your link to your ${BRAND_NAME} application`,
    text: [
      `Hello ${input.ownerName},`,
      '',
      'Here is the link you asked for. Open it to see your decision, then create an account or sign in with this',
      'email address to keep track of your application. Each link is valid for 14 days and can be used once.',
      '',
      ...input.links.flatMap((link) => [`${link.businessName} (reference ${link.reference}):`, link.url, '']),
      'If you did not ask for this, you can ignore this email.',
      '',
      `${BRAND_NAME}`,
    ].join('\n'),
  };
}
