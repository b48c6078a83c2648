import { Box, Button, Card, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { LabelledSlider } from '@/components/slider';
import { getErrorMessage } from '@/lib/errors';
import type { OfferOptionKey } from '@shared/schemas/offers';
import { formatUsd } from '@shared/format';
import { clampAmount, clampTerm, formatPct } from '../utils/offers';
import { AffordabilityMeter } from './affordability-meter';
import type { OfferLimits, OfferOption, PricedOffer } from '../types';

/** The figures of one option, as a description list (the same on every card, so they line up). */
export function OptionFigures({ option }: { option: OfferOption }) {
  const rows = [
    { label: 'Weekly payment', value: formatUsd(option.weeklyPayment) },
    { label: 'Term', value: `${option.termWeeks} weeks` },
    { label: 'Total repayment', value: formatUsd(option.totalRepayment) },
    { label: 'Finance charge', value: formatUsd(option.financeCharge) },
    { label: 'Estimated APR', value: formatPct(option.estimatedApr) },
    { label: 'Factor rate', value: option.factorRate.toFixed(2) },
  ];
  return (
    <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm">
      {rows.map((row) => (
        <Box key={row.label} display="contents">
          <Text as="dt" color="fg.muted">
            {row.label}
          </Text>
          <Text as="dd" fontWeight="semibold" textAlign="end" css={{ fontVariantNumeric: 'tabular-nums' }}>
            {row.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** One option to compare: amount, figures, affordability, and (when choosable) a Choose button. */
export function OptionCard({
  option,
  capPct,
  isSelected = false,
  onChoose,
}: {
  option: OfferOption;
  capPct: number | null;
  isSelected?: boolean;
  onChoose?: () => void;
}) {
  const headingId = useId();
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      size="sm"
      variant="outline"
      borderWidth={isSelected ? '2px' : '1px'}
      borderColor={isSelected ? 'brand.solid' : 'border'}
      // The 1px border gets 1px of padding back, so choosing a card does not move anything.
      p={isSelected ? '0' : '1px'}
    >
      <Card.Body gap="3">
        <Stack gap="0">
          <Heading as="h4" size="sm" id={headingId}>
            {option.label}
          </Heading>
          <Text fontSize="2xl" fontWeight="bold" css={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatUsd(option.amount)}
          </Text>
        </Stack>
        <OptionFigures option={option} />
        <AffordabilityMeter valuePct={option.affordabilityPct} capPct={capPct} />
        {onChoose && (
          <Button
            size="sm"
            variant={isSelected ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-pressed={isSelected}
            aria-label={`Choose ${option.label}`}
            onClick={onChoose}
          >
            {isSelected ? 'Chosen' : 'Choose'}
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The two or three options side by side (stacked on a phone). */
export function OptionGrid({
  options,
  capPct,
  selectedKey,
  onChoose,
}: {
  options: OfferOption[];
  capPct: number | null;
  selectedKey?: OfferOptionKey;
  onChoose?: (key: OfferOptionKey) => void;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: Math.min(3, Math.max(1, options.length)) }} gap="3">
      {options.map((option) => (
        <OptionCard
          key={option.key}
          option={option}
          capPct={capPct}
          isSelected={selectedKey === option.key}
          onChoose={onChoose ? () => onChoose(option.key) : undefined}
        />
      ))}
    </SimpleGrid>
  );
}

const weeks = (value: number) => `${value} weeks`;

/**
 * "Customize": amount and term within the engine's limits, repriced by the server as the sliders rest. The
 * answer area keeps its height while a price is on its way, and says so to screen readers.
 */
export function CustomizeOffer({
  limits,
  amount,
  termWeeks,
  onChange,
  priced,
  isPricing,
  error,
  capPct,
}: {
  limits: OfferLimits;
  amount: number;
  termWeeks: number;
  onChange: (next: { amount: number; termWeeks: number }) => void;
  priced: PricedOffer | undefined;
  isPricing: boolean;
  error: unknown;
  capPct: number | null;
}) {
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <LabelledSlider
          label="Amount"
          value={amount}
          min={limits.minAmount}
          max={limits.maxAmount}
          step={limits.amountStep}
          format={formatUsd}
          onChange={(next) => onChange({ amount: clampAmount(next, limits), termWeeks })}
        />
        <LabelledSlider
          label="Term"
          value={termWeeks}
          min={limits.minTermWeeks}
          max={limits.maxTermWeeks}
          step={1}
          format={weeks}
          onChange={(next) => onChange({ amount, termWeeks: clampTerm(next, limits) })}
        />
      </SimpleGrid>
      <Box aria-live="polite" minH="6">
        {isPricing ? (
          <HStack gap="2" color="fg.muted" fontSize="sm">
            <Spinner size="xs" aria-hidden="true" />
            <Text>Repricing your offer...</Text>
          </HStack>
        ) : error ? (
          <Text role="alert" color="fg.error" fontSize="sm">
            {getErrorMessage(error, 'We could not price this amount and term. Please try another.')}
          </Text>
        ) : priced ? (
          <Text fontSize="sm" color="fg.muted">
            {`Your choice: ${formatUsd(priced.option.amount)} for ${weeks(priced.option.termWeeks)}, ${formatUsd(priced.option.weeklyPayment)} weekly.`}
          </Text>
        ) : null}
      </Box>
      {priced && !error && (
        <Box opacity={isPricing ? 0.55 : 1} transition="opacity 0.15s" maxW={{ md: 'sm' }}>
          <OptionCard option={priced.option} capPct={capPct} isSelected />
        </Box>
      )}
    </Stack>
  );
}
