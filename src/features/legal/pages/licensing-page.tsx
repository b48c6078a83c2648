import { Text } from '@chakra-ui/react';
import { lender } from '@/config/lender';
import { usePageMeta } from '@/hooks/use-page-meta';
import { LegalList, LegalPage, LegalSection } from '../components/legal-page';
import { LenderContact } from '../components/lender-contact';

export default function LicensingPage() {
  usePageMeta(
    'Licensing and Disclosures',
    'Who provides the financing offered on this site, its licences, and what kind of financing it is: commercial financing for businesses, not consumer loans.',
  );
  return (
    <LegalPage
      title="Licensing and Disclosures"
      intro={`${lender.brandName} is a brand of ${lender.legalName}. This page says who provides the financing offered on this site and under which licences.`}
    >
      <LegalSection title="Who provides the financing">
        <Text>
          Financing offered on this site is provided by {lender.legalName}, {lender.address}. Your agreement names the
          party that funds and services your financing.
        </Text>
      </LegalSection>
      <LegalSection title="Licences">
        {lender.nmlsId && <Text>NMLS ID {lender.nmlsId}</Text>}
        <LegalList items={lender.licenseLines} />
      </LegalSection>
      <LegalSection title="Commercial financing, not consumer loans">
        <Text>
          All products are commercial financing for businesses, including merchant cash advances, which are purchases of
          future receivables rather than loans. They are not consumer loans and are not for personal, family or
          household use. Where a state requires a commercial financing disclosure, you receive it before you sign.
        </Text>
      </LegalSection>
      <LegalSection title="Costs and estimates">
        <Text>
          Amounts, factor rates and APRs shown before an offer are estimates. Each offer shows its funding amount, any
          amount withheld, the finance charge, the estimated APR, the total repayment, the payment and how often it is
          taken, and the prepayment policy before you accept.
        </Text>
      </LegalSection>
      <LegalSection title="Complaints and questions">
        <LegalList items={['Contact us first; we answer within one business day.']} />
        <LenderContact />
      </LegalSection>
    </LegalPage>
  );
}
