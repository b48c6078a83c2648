import type { LenderConfig } from '../../../src/shared/lender';
import type { ContactMessage } from '../../../src/shared/schemas/site';
import { composeEmail } from '../../lib/email';

// Site emails (docs/product.md 3): the contact form's message to staff, with the sender as Reply-To.

export function contactMessageMail(
  lender: LenderConfig,
  input: { to: string; subjectName: string; message: ContactMessage; reference: string },
) {
  const { message } = input;
  return composeEmail(
    lender,
    { to: input.to, replyTo: message.email, subject: `Contact form: ${input.subjectName}` },
    {
      blocks: [
        'A new message arrived through the contact form.',
        {
          facts: [
            ['Name', message.name],
            ['Email', message.email],
            ['Phone', message.phone ?? '-'],
            ['Company', message.company ?? '-'],
            ['Reference', input.reference],
          ],
        },
        { quote: message.message },
      ],
    },
  );
}
