import { Box, Button, Card, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LabelledSlider } from '@/components/slider';
import { paths } from '@/config/paths';
import { CALCULATOR, calculateLoan } from '@shared/calculator';
import { formatUsd } from '@shared/format';
import { Section } from './section';

const months = (value: number) => `${value} months`;
const percent = (value: number) => `${value}%`;

/** The loan calculator; the formula lives in src/shared/calculator.ts. */
export function LoanCalculator() {
  const [amount, setAmount] = useState<number>(CALCULATOR.amount.default);
  const [rate, setRate] = useState<number>(CALCULATOR.rate.default);
  const [term, setTerm] = useState<number>(CALCULATOR.months.default);
  const estimate = calculateLoan({ amount, annualRatePercent: rate, months: term });
  const sliders = [
    { label: 'Loan Amount', range: CALCULATOR.amount, value: amount, format: formatUsd, onChange: setAmount },
    { label: 'Interest Rate', range: CALCULATOR.rate, value: rate, format: percent, onChange: setRate },
    { label: 'Loan Duration', range: CALCULATOR.months, value: term, format: months, onChange: setTerm },
  ];
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
            {sliders.map(({ range, ...slider }) => (
              <LabelledSlider
                key={slider.label}
                {...slider}
                min={range.min}
                max={range.max}
                step={range.step}
                size="lg"
              />
            ))}
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
