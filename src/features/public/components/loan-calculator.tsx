import { Box, Button, Card, Grid, HStack, Slider, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CALCULATOR, calculateLoan } from '@shared/calculator';
import { formatUsd } from '@shared/format';
import { Section } from './section';

const LG_THUMB_SIZE = { width: 24, height: 24 };

type SliderFieldProps = {
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  display: string;
  valueText: (value: number) => string;
  onChange: (value: number) => void;
};

/** One labelled slider; arrows, Page Up/Down, Home and End move it (Ark's slider). */
function SliderField({ label, value, range, display, valueText, onChange }: SliderFieldProps) {
  return (
    <Slider.Root
      min={range.min}
      max={range.max}
      step={range.step}
      value={[value]}
      onValueChange={(details) => onChange(details.value[0] ?? value)}
      getAriaValueText={(details) => valueText(details.value)}
      colorPalette="brand"
      size="lg"
      // The thumb's size at size="lg" (sizes.6): known in advance, the thumbs are placed and shown in the prerendered
      // markup too, instead of staying hidden until the slider has hydrated and measured them.
      thumbSize={LG_THUMB_SIZE}
    >
      <HStack justify="space-between" mb="2">
        <Slider.Label fontWeight="semibold">{label}</Slider.Label>
        <Text fontWeight="bold" color="brand.700" aria-hidden="true">
          {display}
        </Text>
      </HStack>
      <Slider.Control>
        <Slider.Track>
          <Slider.Range />
        </Slider.Track>
        <Slider.Thumbs />
      </Slider.Control>
      <HStack justify="space-between" mt="1" fontSize="xs" color="fg.muted" aria-hidden="true">
        <span>{valueText(range.min)}</span>
        <span>{valueText(range.max)}</span>
      </HStack>
    </Slider.Root>
  );
}

const months = (value: number) => `${value} months`;
const percent = (value: number) => `${value}%`;

/** The loan calculator of public spec §9; the formula lives in src/shared/calculator.ts. */
export function LoanCalculator() {
  const [amount, setAmount] = useState<number>(CALCULATOR.amount.default);
  const [rate, setRate] = useState<number>(CALCULATOR.rate.default);
  const [term, setTerm] = useState<number>(CALCULATOR.months.default);
  const estimate = calculateLoan({ amount, annualRatePercent: rate, months: term });
  const outputs = [
    { label: 'Monthly Payment (EMI)', value: formatUsd(estimate.emiAmount), testId: 'emi-amount' },
    { label: 'Total Interest Payable', value: formatUsd(estimate.interestPayable), testId: 'interest-payable' },
    { label: 'Total Amount', value: formatUsd(estimate.totalAmount), testId: 'total-amount' },
    { label: 'Loan Duration', value: `${estimate.loanDuration.toFixed(1)} years`, testId: 'loan-duration' },
  ];

  return (
    <Section
      id="calculator"
      eyebrow="Loan Calculator"
      title="Estimate Your Payments"
      subtitle="Move the sliders to see your monthly payment, total interest and total amount."
    >
      <Grid templateColumns={{ base: '1fr', lg: '1.2fr 1fr' }} gap="8" alignItems="stretch">
        <Card.Root variant="outline" borderRadius="2xl">
          <Card.Body gap="8" p={{ base: '5', md: '8' }}>
            <SliderField
              label="Loan Amount"
              value={amount}
              range={CALCULATOR.amount}
              display={formatUsd(amount)}
              valueText={formatUsd}
              onChange={setAmount}
            />
            <SliderField
              label="Interest Rate"
              value={rate}
              range={CALCULATOR.rate}
              display={percent(rate)}
              valueText={percent}
              onChange={setRate}
            />
            <SliderField
              label="Loan Duration"
              value={term}
              range={CALCULATOR.months}
              display={months(term)}
              valueText={months}
              onChange={setTerm}
            />
          </Card.Body>
        </Card.Root>
        <Card.Root borderRadius="2xl" bg="brand.900" color="white" borderWidth="0">
          <Card.Body gap="5" p={{ base: '5', md: '8' }} justifyContent="center">
            <Box as="dl">
              {outputs.map((output, index) => (
                <HStack
                  key={output.label}
                  justify="space-between"
                  align="baseline"
                  gap="4"
                  py="4"
                  borderTopWidth={index > 0 ? '1px' : '0'}
                  borderColor="whiteAlpha.300"
                >
                  <Text as="dt" color="whiteAlpha.900">
                    {output.label}
                  </Text>
                  <Text
                    as="dd"
                    fontSize={index === 0 ? '3xl' : 'xl'}
                    fontWeight="bold"
                    color={index === 0 ? 'gold.400' : 'white'}
                    data-testid={output.testId}
                    aria-live={index === 0 ? 'polite' : undefined}
                    css={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {output.value}
                  </Text>
                </HStack>
              ))}
            </Box>
            <Stack gap="2">
              <Button asChild size="lg" bg="gold.400" color="brand.950" fontWeight="bold" _hover={{ bg: 'gold.500' }}>
                <Link to={paths.apply}>Apply Now</Link>
              </Button>
              <Text fontSize="xs" color="whiteAlpha.800" textAlign="center">
                Estimates only. Your offer depends on your business and is shown before you sign.
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Grid>
    </Section>
  );
}
