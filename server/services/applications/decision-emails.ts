import type { AdverseActionNoticeContent } from '../../../src/shared/decisions';
import type { LenderConfig } from '../../../src/shared/lender';
import { composeEmail } from '../../lib/email';

// Decision emails (docs/product.md 6.7), one builder per email as in ./emails.ts.

/** The adverse action notice as an email: the stored notice, word for word, and where to read it again. */
export function adverseActionNoticeMail(
  lender: LenderConfig,
  input: { to: string; ownerName: string; notice: AdverseActionNoticeContent; publicUrl: string },
) {
  const { notice } = input;
  return composeEmail(
    lender,
    { to: input.to, subject: `Notice of action taken on application ${notice.reference}` },
    {
      preview: notice.title,
      greeting: `Hello ${input.ownerName},`,
      blocks: [
        `${notice.title}\n${notice.date}`,
        `Application ${notice.reference} for ${notice.businessName}.`,
        notice.action,
        ['Principal reasons for our decision:', ...notice.reasons.map((reason) => `- ${reason}`)].join('\n'),
        notice.rightToStatement,
        notice.ecoa,
        [
          notice.lender.legalName,
          ...notice.lender.addressLines,
          notice.lender.phone,
          notice.lender.email,
          ...(notice.lender.nmlsId ? [`NMLS ID ${notice.lender.nmlsId}`] : []),
        ].join('\n'),
        { action: { label: 'Read this notice in your client portal', url: `${input.publicUrl}/client-portal` } },
      ],
    },
  );
}
