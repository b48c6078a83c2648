import { Alert, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CREDIT_SCORE_OPTIONS } from '@shared/constants';
import { maskEinForDisplay, maskSsnForDisplay, parseLoanAmount } from '@shared/masks';
import type { FormStep } from '@shared/schemas/application';
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
};

const notProvided = 'Not provided';

export function ReviewStep({ files, mode, storedMasks, submitError, isSubmitting, onEdit, onRetry }: Props) {
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
    </Stack>
  );
}
