import {
  Alert,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  Link as ChakraLink,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CONSENT_TEXTS } from '@shared/consents';
import { CREDIT_SCORE_OPTIONS } from '@shared/constants';
import { maskEinForDisplay, maskSsnForDisplay, parseLoanAmount } from '@shared/masks';
import { CONSENT_FIELDS, type ConsentField, type ConsentValues, type FormStep } from '@shared/schemas/application';
import { formatLongDate, formatUsd } from '@shared/format';
import type { WizardFiles } from '../utils/submit';
import { useWizardForm } from '../hooks/use-wizard-form';
import type { WizardMode } from '../utils/wizard';

type Props = {
  files: WizardFiles;
  mode: WizardMode;
  /** Masked values on file for a returning client who leaves SSN/EIN empty. */
  storedMasks: { ssn: string; ein: string } | null;
  submitError: string | null;
  isSubmitting: boolean;
  onEdit: (step: FormStep) => void;
  onRetry: () => void;
  consents: ConsentValues;
  consentErrors: Partial<Record<ConsentField, string>>;
  onConsentChange: (field: ConsentField, isChecked: boolean) => void;
};

// The authorisations under the answers: their wording (stored by version with the application) and where to read more.
const CONSENT_BOXES: Record<ConsentField, { text: string; more: { to: string; label: string } }> = {
  consentVerification: {
    text: CONSENT_TEXTS.verification,
    more: { to: paths.privacy, label: 'Read our Privacy Notice' },
  },
  consentElectronicRecords: {
    text: CONSENT_TEXTS.electronicRecords,
    more: { to: paths.eSignConsent, label: 'Read the E-Sign Consent' },
  },
};

const notProvided = 'Not provided';

export function ReviewStep({
  files,
  mode,
  storedMasks,
  submitError,
  isSubmitting,
  onEdit,
  onRetry,
  consents,
  consentErrors,
  onConsentChange,
}: Props) {
  const values = useWizardForm().getValues();
  const amount = parseLoanAmount(values.loanAmount);
  const creditLabel = CREDIT_SCORE_OPTIONS.find((option) => option.value === values.estimatedCreditScore)?.label;
  const sections: Array<{ title: string; step: FormStep; rows: Array<[string, string]> }> = [
    {
      title: 'Loan Amount',
      step: 'loan-amount',
      rows: [['Requested amount', amount === null ? notProvided : formatUsd(amount)]],
    },
    {
      title: 'Business Information',
      step: 'business',
      rows: [
        ['Business name', values.businessName],
        ['EIN', values.ein ? maskEinForDisplay(values.ein) : (storedMasks?.ein ?? notProvided)],
        ['Business address', [values.businessAddress, values.businessAddress2].filter(Boolean).join(', ')],
        ['Business start date', values.businessStartDate ? formatLongDate(values.businessStartDate) : notProvided],
        ['Business type', values.businessType],
        ['Time in business', values.timeInBusiness],
      ],
    },
    {
      title: 'Personal Information',
      step: 'personal',
      rows: [
        ['Owner name', values.ownerName],
        // The review shows the SSN masked except the last 4 digits.
        ['Social Security Number', values.ssn ? maskSsnForDisplay(values.ssn) : (storedMasks?.ssn ?? notProvided)],
        ['Email', values.email],
        ['Phone', values.phone],
        [
          'Date of birth',
          values.dateOfBirth ? formatLongDate(values.dateOfBirth) : mode === 'returning' ? 'On file' : notProvided,
        ],
        ['Estimated credit score', creditLabel ?? notProvided],
      ],
    },
    {
      title: 'Financial Information',
      step: 'financial',
      rows: [
        ['Monthly revenue', values.monthlyRevenue],
        ['Additional information', values.additionalInfo.trim() || 'None'],
      ],
    },
    {
      title: 'Documents',
      step: 'documents',
      rows: [
        ['Bank statements', files.bankStatements.map((file) => file.name).join(', ') || notProvided],
        ...(mode === 'returning'
          ? []
          : ([
              ["Driver's license", files.driversLicense?.name ?? notProvided],
              ['Voided check', files.voidedCheck?.name ?? notProvided],
            ] as Array<[string, string]>)),
      ],
    },
  ];
  // Returning clients only see their own steps; the rest comes from their last application.
  const editable = new Set<FormStep>(mode === 'returning' ? ['loan-amount', 'documents'] : sections.map((s) => s.step));

  return (
    <Stack gap="5">
      {submitError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your application was not submitted</Alert.Title>
            <Alert.Description>{submitError}</Alert.Description>
          </Alert.Content>
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            alignSelf="center"
            onClick={onRetry}
            loading={isSubmitting}
          >
            Try Again
          </Button>
        </Alert.Root>
      )}
      {sections.map((section) => (
        <Box key={section.title} borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }}>
          <HStack justify="space-between" mb="3">
            <Heading as="h3" size="md">
              {section.title}
            </Heading>
            {editable.has(section.step) && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="brand"
                onClick={() => onEdit(section.step)}
                aria-label={`Edit ${section.title}`}
              >
                Edit
              </Button>
            )}
          </HStack>
          <Stack as="dl" gap="2">
            {section.rows.map(([label, value]) => (
              <Flex key={label} direction={{ base: 'column', md: 'row' }} gap={{ base: '0', md: '4' }}>
                <Text as="dt" color="fg.muted" fontSize="sm" minW={{ md: '48' }} flexShrink={0}>
                  {label}
                </Text>
                <Text as="dd" fontSize="sm" fontWeight="medium" wordBreak="break-word">
                  {value || notProvided}
                </Text>
              </Flex>
            ))}
          </Stack>
        </Box>
      ))}
      <Box
        as="section"
        aria-labelledby="review-authorisations"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: '4', md: '5' }}
      >
        <Heading as="h3" id="review-authorisations" size="md" mb="1">
          Authorisations
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="4">
          Both are needed to submit your application. See also our{' '}
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to={paths.terms}>Terms of Use</Link>
          </ChakraLink>
          .
        </Text>
        <Stack gap="4">
          {CONSENT_FIELDS.map((field) => (
            <Field.Root key={field} invalid={Boolean(consentErrors[field])}>
              <Checkbox.Root
                checked={consents[field]}
                onCheckedChange={(details) => onConsentChange(field, details.checked === true)}
                alignItems="flex-start"
                colorPalette="brand"
              >
                <Checkbox.HiddenInput name={field} />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label fontWeight="normal" fontSize="sm">
                  {CONSENT_BOXES[field].text}
                </Checkbox.Label>
              </Checkbox.Root>
              <Field.HelperText ps="7">
                <ChakraLink asChild color="brand.700" textDecoration="underline">
                  <Link to={CONSENT_BOXES[field].more.to} target="_blank" rel="noopener">
                    {CONSENT_BOXES[field].more.label}
                  </Link>
                </ChakraLink>
              </Field.HelperText>
              <Field.ErrorText ps="7">{consentErrors[field]}</Field.ErrorText>
            </Field.Root>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
