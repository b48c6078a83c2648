import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { formatLocalDate } from '@shared/format';
import type { ClientApplication } from '../types';
import { applicationTimeline, type TimelineStep } from '../utils/timeline';

const STATE_WORDS: Record<TimelineStep['state'], string> = {
  done: 'completed',
  current: 'current step',
  upcoming: 'to come',
};

/** The application's status as a timeline: submitted, decided, funded, each with its date once it happened. */
export function ApplicationTimeline({ application }: { application: ClientApplication }) {
  const steps = applicationTimeline(application);
  return (
    <Box
      as="ol"
      aria-label={`Status timeline of ${application.businessName}`}
      listStyleType="none"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: `repeat(${steps.length}, minmax(0, 1fr))` }}
      gap={{ base: '2', sm: '3' }}
    >
      {steps.map((step) => (
        <Box as="li" key={step.key} aria-current={step.state === 'current' ? 'step' : undefined}>
          <HStack gap="2" align="flex-start">
            <Box
              aria-hidden
              mt="1"
              boxSize="3"
              flexShrink={0}
              rounded="full"
              borderWidth="2px"
              borderColor={step.state === 'upcoming' ? 'border.emphasized' : 'brand.solid'}
              bg={step.state === 'done' ? 'brand.solid' : 'transparent'}
            />
            <Stack gap="0" minW="0">
              <Text fontSize="sm" fontWeight={step.state === 'current' ? 'semibold' : 'medium'}>
                {step.label}
                <Text as="span" srOnly>
                  {` (${STATE_WORDS[step.state]})`}
                </Text>
              </Text>
              {step.date && (
                <Text fontSize="xs" color="fg.muted">
                  {formatLocalDate(step.date)}
                </Text>
              )}
              {step.note && step.state === 'current' && (
                <Text fontSize="xs" color="fg.muted">
                  {step.note}
                </Text>
              )}
            </Stack>
          </HStack>
        </Box>
      ))}
    </Box>
  );
}
