import { Chart, useChart } from '@chakra-ui/charts';
import { Badge, Box, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, chartColor } from '@/components/chart-figure';
import { trpc } from '@/lib/trpc';
import { formatCalendarDate, formatUsd, formatUsdCents } from '@shared/format';
import type { LoanProgressDto } from '@shared/schemas/client';
import type { ClientLoan } from '../types';
import { balanceSummary, balanceTable } from '../utils/loan-progress';

// Loaded with the loan cards only (React.lazy in loan-card.tsx): recharts is never part of a public page.

const dayTick = (date: string) => formatCalendarDate(date).replace(/, \d{4}$/, '');
const dayLabel = (label: unknown) => formatCalendarDate(String(label));
const moneyTick = (value: number) => formatUsd(value);

/** Paid against remaining, the next payments and the balance over time, from the schedule and the payments. */
export default function LoanProgress({ loan }: { loan: ClientLoan }) {
  const query = trpc.client.loanProgress.useQuery({ id: loan.id }, { staleTime: 30_000 });
  if (!query.data) return null; // the card above already shows every figure; the charts add to it
  const progress = query.data;
  const today = progress.balanceHistory.find((point) => point.isToday)?.date;
  return (
    <Stack gap="5" borderTopWidth="1px" pt="4">
      <Progress.Root value={progress.paidPercent} max={100} colorPalette="brand" size="md">
        <HStack justify="space-between" mb="1" gap="2" wrap="wrap">
          <Text fontSize="sm" fontWeight="medium" id={`paid-${loan.id}`}>
            Paid vs remaining
          </Text>
          <Progress.ValueText fontSize="sm">{progress.paidPercent}% paid</Progress.ValueText>
        </HStack>
        <Progress.Track aria-labelledby={`paid-${loan.id}`} aria-valuetext={`${progress.paidPercent}% paid`}>
          <Progress.Range />
        </Progress.Track>
        <HStack justify="space-between" mt="1" fontSize="sm" gap="2" wrap="wrap">
          <Text>Paid {formatUsdCents(progress.paid)}</Text>
          <Text>
            Remaining {formatUsdCents(progress.remaining)} of {formatUsdCents(progress.totalRepayment)}
          </Text>
        </HStack>
      </Progress.Root>

      {progress.nextPayments.length > 0 && (
        <Box>
          <Text fontWeight="semibold" fontSize="sm" mb="1" id={`next-payments-${loan.id}`}>
            Next payments
          </Text>
          <Stack as="ul" listStyleType="none" gap="1" aria-labelledby={`next-payments-${loan.id}`}>
            {progress.nextPayments.map((payment) => (
              <HStack as="li" key={payment.seq} justify="space-between" fontSize="sm" gap="2">
                <Text>
                  {formatCalendarDate(payment.dueDate)}
                  {payment.isLate && (
                    <Badge ms="2" colorPalette="red" variant="subtle">
                      Late
                    </Badge>
                  )}
                </Text>
                <Text fontWeight="medium">{formatUsdCents(payment.amount)}</Text>
              </HStack>
            ))}
          </Stack>
        </Box>
      )}

      <BalanceChart progress={progress} today={today} />
    </Stack>
  );
}

function BalanceChart({ progress, today }: { progress: LoanProgressDto; today?: string }) {
  const chart = useChart({
    data: progress.balanceHistory,
    series: [
      { name: 'scheduledBalance', label: 'Scheduled balance', color: 'gray.500', strokeDasharray: '5 4' },
      { name: 'actualBalance', label: 'Actual balance', color: 'brand.solid' },
    ],
  });
  return (
    <ChartFigure title="Balance over time" summary={balanceSummary(progress)} table={balanceTable(progress)}>
      <Chart.Root chart={chart} h={{ base: '52', md: '60' }} aspectRatio="auto">
        <LineChart data={chart.data} responsive accessibilityLayer={false}>
          <CartesianGrid stroke={chartColor(chart, 'border.muted')} vertical={false} />
          <XAxis
            dataKey={chart.key('date')}
            tickFormatter={dayTick}
            axisLine={false}
            tickLine={false}
            minTickGap={16}
          />
          <YAxis tickFormatter={moneyTick} axisLine={false} tickLine={false} width={64} />
          <Tooltip
            content={<Chart.Tooltip formatter={(value) => formatUsdCents(Number(value))} />}
            labelFormatter={dayLabel}
          />
          <Legend content={<Chart.Legend />} />
          {today && <ReferenceLine x={today} stroke={chartColor(chart, 'border.emphasized')} label="Today" />}
          {chart.series.map((item) => (
            <Line
              key={item.name}
              dataKey={chart.key(item.name)}
              stroke={chartColor(chart, item.color)}
              strokeDasharray={item.strokeDasharray}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </Chart.Root>
    </ChartFigure>
  );
}
