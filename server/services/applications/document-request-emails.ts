import type { LenderConfig } from '../../../src/shared/lender';
import { shortId } from '../../../src/shared/format';
import { composeEmail } from '../../lib/email';

// Document request emails (docs/product.md 6.7), one builder per email. No restricted data, no file contents.

/** To the applicant: what staff asked for, their message, and where to upload. */
export function documentRequestMail(
  lender: LenderConfig,
  input: {
    to: string;
    ownerName: string;
    businessName: string;
    applicationId: string;
    documents: string[];
    message: string;
    publicUrl: string;
  },
) {
  return composeEmail(
    lender,
    { to: input.to, subject: `Documents requested for your ${lender.brandName} application` },
    {
      greeting: `Hello ${input.ownerName},`,
      blocks: [
        `To continue with the application for ${input.businessName} (reference ${shortId(input.applicationId)}), ` +
          'our underwriting team asks you for:',
        input.documents.map((name) => `- ${name}`).join('\n'),
        { quote: input.message },
        'Sign in and upload them in your client portal. Files may be PDF, JPEG, PNG, WebP or HEIC, 10MB each at most.',
        { action: { label: 'Upload documents', url: `${input.publicUrl}/client-portal` } },
      ],
    },
  );
}

/** To staff: the applicant answered a request. */
export function documentsReceivedMail(
  lender: LenderConfig,
  input: { to: string; businessName: string; applicationId: string; fileCount: number; publicUrl: string },
) {
  return composeEmail(
    lender,
    { to: input.to, subject: `Documents received: ${input.businessName}` },
    {
      blocks: [
        'An applicant answered a document request.',
        {
          facts: [
            ['Reference', `${shortId(input.applicationId)} (${input.applicationId})`],
            ['Business', input.businessName],
            ['Files', String(input.fileCount)],
          ],
        },
        'The application is in the work queue as "Documents received".',
        { action: { label: 'Open the back office', url: `${input.publicUrl}/admin` } },
      ],
    },
  );
}
