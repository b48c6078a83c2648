import { render } from '@react-email/render';
import { createElement } from 'react';
import type { LenderConfig } from '../../../src/shared/lender';
import type { MailMessage } from '../mail';
import { emailText, type EmailContent, type EmailEnvelope } from './content';
import { EmailLayout } from './layout';

export type { EmailBlock, EmailContent, EmailEnvelope } from './content';

/**
 * One email from its structured content: the HTML part through React Email (layout.tsx) and the plain-text part
 * from the same content, both with the lender's brand and contact details (docs/architecture.md, "Emails").
 */
export async function composeEmail(
  lender: LenderConfig,
  envelope: EmailEnvelope,
  content: EmailContent,
): Promise<MailMessage> {
  const html = await render(createElement(EmailLayout, { lender, content }));
  return { ...envelope, text: emailText(lender, content), html };
}
