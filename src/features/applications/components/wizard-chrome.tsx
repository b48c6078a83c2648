import { Box, Button, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { createContext, memo, useContext, useMemo } from 'react';
import type { FormStep } from '@shared/schemas/application';
import { LineIcon } from '@/components/line-icon';

export const STEP_TITLES: Record<FormStep, string> = {
  'loan-amount': 'Loan Amount',
  business: 'Business Information',
  personal: 'Personal Information',
  financial: 'Financial Information',
  documents: 'Upload Documents',
  review: 'Review Application',
};

const STEP_ICONS: Record<FormStep, string> = {
  'loan-amount': 'M12 1v22M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  business: 'M3 21h18M5 21V7l7-4 7 4v14M9 9h1M14 9h1M9 13h1M14 13h1M9 17h1M14 17h1',
  personal: 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  financial: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  documents: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M9 13h6M9 17h6',
  review: 'M9 11l3 3L22 4M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11',
};

/** The step on screen and its place in the flow, for the parts of the progress that change with it. */
type Position = { steps: readonly FormStep[]; position: number; percent: number };
const PositionContext = createContext<Position>({ steps: [], position: 0, percent: 0 });

/**
 * 'Step X of N' with percent complete (position / steps in this applicant's flow) and an icon per step. A step change
 * re-renders only what shows the position (through PositionContext): the texts, the bar and the two markers whose
 * state changed, not the Chakra parts around them (each computes its styles again when it renders, inside the Next
 * press).
 */
export const WizardProgress = memo(function WizardProgress({
  steps,
  current,
}: {
  steps: readonly FormStep[];
  current: FormStep;
}) {
  const position = steps.indexOf(current) + 1;
  const percent = Math.round((position / steps.length) * 100);
  const frame = useMemo(
    () => (
      <Stack gap="3" mb="6">
        <Flex justify="space-between" fontSize="sm" fontWeight="medium">
          <Text>
            <PositionText />
          </Text>
          <Text color="fg.muted">
            <PercentText />
          </Text>
        </Flex>
        <ProgressBar />
        <HStack as="ol" listStyleType="none" justify="space-between" gap="1" aria-label="Application steps">
          {steps.map((step, index) => (
            <PlacedStepMarker key={step} step={step} index={index} />
          ))}
        </HStack>
      </Stack>
    ),
    [steps],
  );
  return <PositionContext.Provider value={{ steps, position, percent }}>{frame}</PositionContext.Provider>;
});

function PositionText() {
  const { steps, position } = useContext(PositionContext);
  return `Step ${position} of ${steps.length}`;
}

function PercentText() {
  return `${useContext(PositionContext).percent}% complete`;
}

/**
 * A plain bar with the progressbar role, not Chakra's Progress: that one runs a state machine and animates its width
 * on every step change, work inside the Next press that shows the next step. Same look as Progress size sm (outline,
 * rounded); the width is an inline style, so no new class is made per percent.
 */
function ProgressBar() {
  const { percent } = useContext(PositionContext);
  return (
    <Box
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={`Application progress: ${percent}% complete`}
      h="2"
      bg="bg.muted"
      shadow="inset"
      borderRadius="l1"
      overflow="hidden"
    >
      <Box h="full" bg="brand.solid" style={{ width: `${percent}%` }} />
    </Box>
  );
}

function PlacedStepMarker({ step, index }: { step: FormStep; index: number }) {
  const { position } = useContext(PositionContext);
  return <StepMarker step={step} state={index + 1 < position ? 'done' : index + 1 === position ? 'current' : 'todo'} />;
}

type StepState = 'done' | 'current' | 'todo';

/** One step's marker. Memoized: a step change re-renders only the two markers whose state changed. */
const StepMarker = memo(function StepMarker({ step, state }: { step: FormStep; state: StepState }) {
  return (
    <Flex
      as="li"
      direction="column"
      align="center"
      gap="1"
      flex="1"
      minW="0"
      color={state === 'todo' ? 'fg.muted' : 'brand.700'}
      aria-current={state === 'current' ? 'step' : undefined}
    >
      <Flex
        w="9"
        h="9"
        borderRadius="full"
        align="center"
        justify="center"
        bg={state === 'current' ? 'brand.700' : state === 'done' ? 'brand.100' : 'bg.muted'}
        color={state === 'current' ? 'white' : undefined}
      >
        <LineIcon>
          <path d={STEP_ICONS[step]} />
        </LineIcon>
      </Flex>
      <Text fontSize="xs" textAlign="center" display={{ base: 'none', md: 'block' }} truncate maxW="full">
        {STEP_TITLES[step]}
      </Text>
      <Text srOnly>{state === 'done' ? '(completed)' : state === 'current' ? '(current)' : ''}</Text>
    </Flex>
  );
});

export function Disclaimer() {
  return (
    <Box mt="6" p="4" bg="brand.50" borderRadius="md" fontSize="sm" color="brand.900" data-testid="apply-disclaimer">
      <Text>Applying is free of charge and will not affect your credit score: we only make a soft credit inquiry.</Text>
    </Box>
  );
}

const TRUST_ITEMS = [
  { title: 'Bank-level security', text: 'Your data is encrypted in transit and at rest.' },
  { title: 'Soft credit inquiry', text: 'No impact on your credit score.' },
  { title: 'No application fees', text: 'Applying is free, with no obligation.' },
  { title: 'Funding in 24 hours', text: 'Decisions in minutes, funds as soon as the same day.' },
];

export function TrustIndicators() {
  return (
    <SimpleGrid
      as="ul"
      listStyleType="none"
      columns={{ base: 2, md: 4 }}
      gap="4"
      mt="8"
      aria-label="Why apply with us"
      data-testid="apply-trust"
    >
      {TRUST_ITEMS.map((item) => (
        <Box as="li" key={item.title} textAlign="center">
          <Text fontWeight="semibold" fontSize="sm">
            {item.title}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {item.text}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

type WizardActionsProps = { isFirst: boolean; isReview: boolean; isSubmitting: boolean; onPrevious: () => void };

/** Previous and Next (or Submit). Memoized: a step change re-renders it only when one of these changes. */
export const WizardActions = memo(function WizardActions({
  isFirst,
  isReview,
  isSubmitting,
  onPrevious,
}: WizardActionsProps) {
  return (
    <Flex mt="8" gap="3" justify="space-between" direction={{ base: 'column-reverse', sm: 'row' }}>
      <Button type="button" variant="outline" size="lg" onClick={onPrevious} disabled={isFirst}>
        Previous
      </Button>
      {isReview ? (
        <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} loadingText="Submitting...">
          Submit Application
        </Button>
      ) : (
        <Button type="submit" colorPalette="brand" size="lg">
          Next
        </Button>
      )}
    </Flex>
  );
});
