import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { affordabilityScale, describeAffordability, formatPct } from '../utils/offers';

/**
 * The payment as a share of verified weekly revenue, with the policy cap marked. A real
 * `meter` (value, range and words for screen readers); the numbers are also printed beside it.
 */
export function AffordabilityMeter({
  valuePct,
  capPct,
  label = 'Affordability',
}: {
  valuePct: number | null;
  capPct: number | null;
  label?: string;
}) {
  const labelId = useId();
  const words = describeAffordability(valuePct, capPct);
  if (valuePct === null) {
    return (
      <Stack gap="1">
        <Text id={labelId} fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {label}
        </Text>
        <Text fontSize="sm">{words}</Text>
      </Stack>
    );
  }
  const scale = affordabilityScale(valuePct, capPct);
  return (
    <Stack gap="1">
      <HStack justify="space-between" align="baseline" gap="2">
        <Text id={labelId} fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {label}
        </Text>
        <Text fontSize="sm" fontWeight="semibold" css={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPct(valuePct)}
        </Text>
      </HStack>
      <Box
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={scale.max}
        aria-valuenow={valuePct}
        aria-valuetext={words}
        position="relative"
        h="2.5"
        bg="bg.emphasized"
        borderRadius="full"
      >
        <Box
          position="absolute"
          insetY="0"
          left="0"
          width={`${scale.fillPct}%`}
          borderRadius="full"
          bg={scale.isOverCap ? 'red.600' : 'green.600'}
          transition="width 0.2s ease-out"
        />
        {scale.capPct !== null && (
          <Box
            aria-hidden="true"
            position="absolute"
            top="-1"
            bottom="-1"
            left={`${scale.capPct}%`}
            w="0.5"
            ml="-1px"
            bg="fg"
            data-testid="affordability-cap"
          />
        )}
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {capPct === null ? 'of verified weekly revenue' : `of verified weekly revenue · limit ${formatPct(capPct)}`}
      </Text>
    </Stack>
  );
}
