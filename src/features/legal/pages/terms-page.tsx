import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { lender } from '@/config/lender';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/hooks/use-page-meta';
import { LegalList, LegalPage, LegalSection } from '../components/legal-page';
import { LenderContact } from '../components/lender-contact';

export default function TermsPage() {
  usePageMeta(
    'Terms of Use',
    'The rules for using this website and applying for business funding online: who may apply, what an estimate means and how offers work.',
  );
  return (
    <LegalPage
      title="Terms of Use"
      intro={`These terms apply when you use the ${lender.brandName} website, apply for financing or use the client area. By using the site you agree to them. The agreement for any financing you accept is a separate contract, and it governs that financing.`}
    >
      <LegalSection title="Who may apply">
        <Text>
          The site is for owners and authorised officers of businesses operating in the United States who are at least
          18 years old. You may apply only for a business you are allowed to act for, and only for business purposes.
        </Text>
      </LegalSection>
      <LegalSection title="Commercial financing only">
        <Text>
          Everything offered here is commercial financing for a business. It is not a consumer loan and must not be used
          for personal, family or household purposes. Consumer protection laws that apply only to consumer credit may
          not apply.
        </Text>
      </LegalSection>
      <LegalSection title="Your information must be true">
        <Text>
          You promise that what you tell us and the documents you upload are true, complete and yours to share. We rely
          on them to decide. Giving false information can lead to a decline, to the end of an agreement, or to a report
          to the authorities.
        </Text>
      </LegalSection>
      <LegalSection title="Estimates, decisions and offers">
        <LegalList
          items={[
            'The calculator and any amount shown before you apply are estimates, not offers.',
            'A decision on the site is based on what you stated and the statements you uploaded; we may check it before funding and may change or withdraw an offer if the information does not hold up.',
            'An offer becomes binding only when you accept and sign its agreement, after seeing its full cost.',
          ]}
        />
      </LegalSection>
      <LegalSection title="Your account">
        <Text>
          Keep your password to yourself and tell us at once if you think someone else has used your account. You are
          responsible for what is done with it until you tell us. We may suspend an account that is misused.
        </Text>
      </LegalSection>
      <LegalSection title="Using the site fairly">
        <Text>
          Do not try to break into the site, overload it, copy it automatically or use it to harm others. The content
          and brand belong to {lender.legalName} and may not be reused without permission.
        </Text>
      </LegalSection>
      <LegalSection title="Electronic records and privacy">
        <Text>
          How we handle your information is described in the{' '}
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to={paths.privacy}>Privacy Notice</Link>
          </ChakraLink>
          . Records and signatures are electronic as described in the{' '}
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to={paths.eSignConsent}>E-Sign Consent</Link>
          </ChakraLink>
          .
        </Text>
      </LegalSection>
      <LegalSection title="Limits and changes">
        <Text>
          The site is provided as it is. To the extent the law allows, we are not liable for losses caused by the site
          being unavailable or by errors in general information on it. We may change these terms; the date above shows
          the latest version, and it applies from the next time you use the site.
        </Text>
      </LegalSection>
      <LegalSection title="Contact">
        <LenderContact />
      </LegalSection>
    </LegalPage>
  );
}
