import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BUSINESS_TYPES, CREDIT_SCORE_OPTIONS, MONTHLY_REVENUE_BANDS, TIME_IN_BUSINESS } from '@shared/constants';
import { formatEin, formatLoanAmount, formatPhone, formatSsn } from '@shared/masks';
import { timeInBusinessFor } from '@shared/business-age';
import { todayUtc } from '@shared/calendar';
import { ADDITIONAL_INFO_MAX } from '@shared/schemas/application';
import { useWizardForm } from '../hooks/use-wizard-form';
import { AddressField } from './address-field';
import { WizardSelectField, WizardTextField, WizardTextareaField } from './form-fields';

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function LoanAmountStep() {
  return (
    <Stack gap="5">
      <Text color="fg.muted">How much funding does your business need?</Text>
      <WizardTextField
        name="loanAmount"
        label="Loan Amount"
        mask={formatLoanAmount}
        inputMode="numeric"
        autoComplete="off"
        placeholder="e.g. 250,000"
        helperText="Enter an amount between $10,000 and $5,000,000."
      />
    </Stack>
  );
}

export function BusinessStep({
  mapsApiKey,
  isMapsKeyConfigured,
}: {
  mapsApiKey: string;
  isMapsKeyConfigured: boolean;
}) {
  const form = useWizardForm();
  // A start date fills in the time in business it means (docs/product.md 3.2); the two cannot disagree.
  function deriveTimeInBusiness(startDate: string) {
    const derived = timeInBusinessFor(startDate);
    if (!derived) return;
    form.setValue('timeInBusiness', derived);
    form.clearErrors('timeInBusiness');
  }
  return (
    <Stack gap="5">
      <WizardTextField name="businessName" label="Business Name" autoComplete="organization" maxLength={200} />
      <WizardTextField
        name="ein"
        label="EIN Number"
        mask={formatEin}
        inputMode="numeric"
        autoComplete="off"
        placeholder="XX-XXXXXXX"
        maxLength={10}
      />
      <AddressField mapsApiKey={mapsApiKey} isMapsKeyConfigured={isMapsKeyConfigured} />
      <WizardTextField
        name="businessAddress2"
        label="Address Line 2 (Optional)"
        isRequired={false}
        autoComplete="address-line2"
        placeholder="Suite, unit, floor"
        maxLength={300}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <WizardTextField
          name="businessStartDate"
          label="Business Start Date"
          type="date"
          max={todayUtc()}
          onValueChange={deriveTimeInBusiness}
        />
        <WizardSelectField
          name="businessType"
          label="Business Type"
          placeholder="Select business type"
          options={asOptions(BUSINESS_TYPES)}
        />
      </SimpleGrid>
      <WizardSelectField
        name="timeInBusiness"
        label="Time in Business"
        placeholder="Select time in business"
        options={asOptions(TIME_IN_BUSINESS)}
        helperText="Filled in from the business start date; it must agree with that date."
      />
    </Stack>
  );
}

export function PersonalStep() {
  return (
    <Stack gap="5">
      <WizardTextField name="ownerName" label="Owner Name" autoComplete="name" maxLength={200} />
      <WizardTextField
        name="ssn"
        label="Social Security Number"
        mask={formatSsn}
        inputMode="numeric"
        autoComplete="off"
        placeholder="XXX-XX-XXXX"
        maxLength={11}
        helperText="Encrypted and used for a soft credit inquiry only."
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <WizardTextField name="email" label="Email" type="email" autoComplete="email" maxLength={254} />
        <WizardTextField
          name="phone"
          label="Phone Number"
          type="tel"
          mask={formatPhone}
          autoComplete="tel-national"
          placeholder="(555) 555-5555"
          maxLength={14}
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <WizardTextField name="dateOfBirth" label="Date of Birth" type="date" autoComplete="bday" max={todayUtc()} />
        <WizardSelectField
          name="estimatedCreditScore"
          label="Estimated Credit Score"
          placeholder="Select credit score range"
          options={CREDIT_SCORE_OPTIONS}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function FinancialStep() {
  return (
    <Stack gap="5">
      <WizardSelectField
        name="monthlyRevenue"
        label="Monthly Revenue"
        placeholder="Select monthly revenue"
        options={asOptions(MONTHLY_REVENUE_BANDS)}
      />
      <WizardTextareaField
        name="additionalInfo"
        label="Additional Information (Optional)"
        placeholder="Tell us how you plan to use the funds"
        maxLength={ADDITIONAL_INFO_MAX}
      />
    </Stack>
  );
}
