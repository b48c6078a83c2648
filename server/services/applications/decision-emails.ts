import type { AdverseActionNoticeContent } from '../../../src/shared/decisions';
import type { MailMessage } from '../../lib/mail';

// Decision emails (docs/product.md 6.7), one builder per email as in ./emails.ts.

/** The adverse action notice as an email: the stored notice, word for word, and where to read it again. */
export function adverseActionNoticeMail(input: {
  to: string;
  ownerName: string;
  notice: AdverseActionNoticeContent;
  publicUrl: string;
}): MailMessage {
  const { notice } = input;
  return {
    to: input.to,
    subject: `Notice of action taken on application ${notice.reference}`,
    text: [
      notice.title,
      notice.date,
      '',
      `Hello ${input.ownerName},`,
      '',
      `Application ${notice.reference} for ${notice.businessName}.`,
      notice.action,
      '',
      'Principal reasons for our decision:',
      ...notice.reasons.map((reason) => `- ${reason}`),
      '',
      notice.rightToStatement,
      '',
      notice.ecoa,
      '',
      notice.lender.legalName,
      ...notice.lender.addressLines,
      notice.lender.phone,
      notice.lender.email,
      ...(notice.lender.nmlsId ? [`NMLS ID ${notice.lender.nmlsId}`] : []),
      '',
      `You can read this notice again in your client portal: ${input.publicUrl}/client-portal`,
    ].join('\n'),
  };
}
