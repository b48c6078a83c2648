import { BRAND_NAME } from '../../../src/shared/constants';
import { shortId } from '../../../src/shared/format';
import type { MailMessage } from '../../lib/mail';

// Document request emails (docs/product.md 6.7), one builder per email. No restricted data, no file contents.

/** To the applicant: what staff asked for, their message, and where to upload. */
export function documentRequestMail(input: {
  to: string;
  ownerName: string;
  businessName: string;
  applicationId: string;
  documents: string[];
  message: string;
  publicUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Documents requested for your ${BRAND_NAME} application`,
    text: [
      `Hello ${input.ownerName},`,
      '',
      `To continue with the application for ${input.businessName} (reference ${shortId(input.applicationId)}),`,
      'our underwriting team asks you for:',
      '',
      ...input.documents.map((name) => `- ${name}`),
      '',
      input.message,
      '',
      `Sign in and upload them in your client portal: ${input.publicUrl}/client-portal`,
      'Files may be PDF, JPEG, PNG, WebP or HEIC, 10MB each at most.',
      '',
      `${BRAND_NAME}`,
    ].join('\n'),
  };
}

/** To staff: the applicant answered a request. */
export function documentsReceivedMail(input: {
  to: string;
  businessName: string;
  applicationId: string;
  fileCount: number;
  publicUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Documents received: ${input.businessName}`,
    text: [
      'An applicant answered a document request.',
      '',
      `Reference: ${shortId(input.applicationId)} (${input.applicationId})`,
      `Business: ${input.businessName}`,
      `Files: ${input.fileCount}`,
      '',
      `The application is in the work queue as "Documents received": ${input.publicUrl}/admin`,
    ].join('\n'),
  };
}
