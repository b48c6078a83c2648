import { Text } from '@chakra-ui/react';
import { lender } from '@/config/lender';
import { usePageMeta } from '@/hooks/use-page-meta';
import { LegalList, LegalPage, LegalSection } from '../components/legal-page';
import { LenderContact } from '../components/lender-contact';

export default function ESignConsentPage() {
  usePageMeta(
    'E-Sign Consent',
    'Your consent to receive records and sign electronically under the federal ESIGN Act: what it covers, how to withdraw it and how to get paper copies.',
  );
  return (
    <LegalPage
      title="Consent to Electronic Records and Signatures"
      intro={`The federal Electronic Signatures in Global and National Commerce Act (ESIGN Act) lets ${lender.legalName} give you records and take your signature electronically, but only with your consent. Please read what you are agreeing to.`}
    >
      <LegalSection title="What this consent covers">
        <Text>If you consent, we may provide electronically, instead of on paper:</Text>
        <LegalList
          items={[
            'your application and the authorisations you give with it;',
            'decisions, offers and the disclosure of each offer\u2019s cost;',
            'financing agreements and anything you sign for them;',
            'payment schedules, receipts, notices and other records about your financing.',
          ]}
        />
        <Text>
          Your electronic signature, such as typing your name and ticking a box, has the same effect as signing on
          paper. This consent applies to your application and to any financing that follows it, until you withdraw it.
        </Text>
      </LegalSection>
      <LegalSection title="How we deliver records">
        <Text>
          We show records on the site, in your client area, and send them or a notice that they are ready to the email
          address you gave us. Keep that address up to date by contacting us; a record sent to the address we have
          counts as delivered.
        </Text>
      </LegalSection>
      <LegalSection title="What you need">
        <LegalList
          items={[
            'a device with internet access and a current version of Chrome, Edge, Firefox or Safari with cookies and JavaScript turned on;',
            'an email account you can read;',
            'a program that opens PDF files, and a printer or storage space if you want to keep copies.',
          ]}
        />
        <Text>
          If these requirements change in a way that could stop you reaching your records, we will tell you first.
        </Text>
      </LegalSection>
      <LegalSection title="Paper copies">
        <Text>
          You can ask for a paper copy of any record at any time, free of charge, by calling or emailing us at the
          details below. Asking for a paper copy does not withdraw your consent.
        </Text>
      </LegalSection>
      <LegalSection title="Withdrawing your consent">
        <Text>
          You can withdraw this consent at any time, free of charge, by calling or emailing us. Withdrawing takes effect
          once we have had a reasonable time to act on it and does not affect records already provided or signed
          electronically. Because applications and offers on this site are handled electronically, we cannot take a new
          application online without this consent; we will arrange paper records for existing financing.
        </Text>
      </LegalSection>
      <LegalSection title="Contact">
        <LenderContact />
      </LegalSection>
    </LegalPage>
  );
}
