import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { lender } from '@/config/lender';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/hooks/use-page-meta';
import { LegalList, LegalPage, LegalSection } from '../components/legal-page';
import { LenderContact } from '../components/lender-contact';

export default function PrivacyPage() {
  usePageMeta(
    'Privacy Notice',
    'What information we collect when you apply for business funding, why, who we share it with, how we protect it and how to limit sharing.',
  );
  return (
    <LegalPage
      title="Privacy Notice"
      intro={`${lender.legalName} ("${lender.brandName}", "we") provides financing to businesses. This notice explains, in plain words, what we do with the information you give us about your business and about yourself.`}
    >
      <LegalSection title="What we collect">
        <LegalList
          items={[
            'About your business: its name, EIN, address, start date, industry, revenue and the bank statements you upload.',
            'About you as an owner: your name, Social Security number, date of birth, email, phone, the credit score range you state and an image of your driver\u2019s license.',
            'From others, with your permission: credit reports (a soft inquiry when you apply), identity and business verification results, and bank account details for a voided check.',
            'When you use the site: your IP address, the pages you open, your browser and the time of each request, kept to secure the site.',
          ]}
        />
      </LegalSection>
      <LegalSection title="Why we collect it">
        <LegalList
          items={[
            'To decide on your application and make you an offer.',
            'To verify who you are and that your business exists, and to prevent fraud.',
            'To fund, service and collect the financing, and to send you notices about it.',
            'To meet the law, such as record-keeping and anti-money-laundering rules.',
          ]}
        />
      </LegalSection>
      <LegalSection title="Who we share it with">
        <Text>We do not sell your information. We share it only:</Text>
        <LegalList
          items={[
            'with service providers that work for us (credit bureaus, identity verification, document storage, email delivery, payment processing), who may use it only to do that work;',
            'with funding partners, only when needed to fund your financing;',
            'when the law requires it, such as a subpoena or a regulator\u2019s request, or to protect against fraud.',
          ]}
        />
        <Text>
          We do not share your information with other companies for their own marketing, and we do not share it with our
          affiliates for marketing.
        </Text>
      </LegalSection>
      <LegalSection title="How we protect it">
        <Text>
          Your connection to the site is encrypted. Social Security numbers, EINs, birth dates and uploaded documents
          are encrypted when stored. Only staff who need the information to review or service your application can see
          it, and every time staff reveal a full number it is recorded.
        </Text>
      </LegalSection>
      <LegalSection title="Your choices and how to opt out">
        <Text>
          You can stop marketing emails with the link in any email, or by contacting us. You can ask us to limit sharing
          that the law lets you limit, to see the information we hold about you or to correct it, by calling or emailing
          us at the contact details below. Limiting sharing does not stop the sharing we need to process or service your
          financing.
        </Text>
      </LegalSection>
      <LegalSection title="How long we keep it">
        <Text>
          We keep application and account records, including documents, for as long as you are a customer and then for
          the period the law requires of lenders (usually five to seven years after your financing ends or your
          application is declined or withdrawn). Then we delete them. Site security logs are kept for a shorter time.
        </Text>
      </LegalSection>
      <LegalSection title="Questions">
        <Text>
          Contact us about this notice, or read our{' '}
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to={paths.terms}>Terms of Use</Link>
          </ChakraLink>
          .
        </Text>
        <LenderContact />
      </LegalSection>
    </LegalPage>
  );
}
