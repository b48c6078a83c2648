import type { LenderConfig } from '../../../src/shared/lender';
import { composeEmail } from '../../lib/email';
import { centsToDollars, formatUsd } from '../../../src/shared/format';
import type { LoanTerms } from '../offers/index';

// Loan emails (docs/product.md 5).

export function fundingAcceptedMail(
  lender: LenderConfig,
  input: {
    to: string;
    firstName: string;
    businessName: string;
    terms: LoanTerms;
    firstPaymentDate: string;
    publicUrl: string;
  },
) {
  const { terms } = input;
  return composeEmail(
    lender,
    { to: input.to, subject: 'Your funding has been accepted' },
    {
      greeting: `Hello ${input.firstName},`,
      blocks: [
        `Thank you for accepting your funding offer for ${input.businessName}.`,
        {
          facts: [
            ['Funding amount', formatUsd(centsToDollars(terms.principalCents))],
            ['Total payback', formatUsd(centsToDollars(terms.purchasedAmountCents))],
            ['Weekly payment', `${formatUsd(centsToDollars(terms.weeklyPaymentCents))} for ${terms.termWeeks} weeks`],
            ['First payment', input.firstPaymentDate],
          ],
        },
        'A representative will reach out within 24 hours to finalize your funding. Funds are deposited within ' +
          '24-48 hours of document completion.',
        { action: { label: 'Follow my loan and payment schedule', url: `${input.publicUrl}/dashboard` } },
      ],
    },
  );
}
