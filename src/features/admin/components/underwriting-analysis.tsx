import {
  Alert,
  Badge,
  Box,
  DataList,
  HStack,
  Heading,
  List,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ApplicationDetail } from '../types';
import { parseAnalysis, type AnalysisOcr, type AnalysisOcrSummary } from '../utils/analysis';
import { formatUsd, formatUsdCents } from '@shared/format';

// The chart and its libraries load with this tab only.
const StatementCharts = lazy(() => import('./statement-charts'));

const RECONCILIATION_LABEL: Record<string, string> = {
  reconciled: 'Reconciled',
  'not-reconciled': 'Does not reconcile',
  unverifiable: 'No balances to check',
  'not-read': 'Not read',
};
const RECONCILIATION_COLOR: Record<string, string> = {
  reconciled: 'green',
  'not-reconciled': 'red',
  unverifiable: 'gray',
  'not-read': 'orange',
};

const FLAG_PALETTE: Record<string, string> = { info: 'blue', warning: 'orange', critical: 'red', unknown: 'gray' };
const DECISION_LABELS: Record<string, string> = { approved: 'Approve', declined: 'Decline', review: 'Refer to review' };

/** Where OCR of a photo or scan stands: it runs after the answer, so staff may see it change. */
function OcrBadge({ ocr }: { ocr: AnalysisOcr }) {
  if (ocr.status === 'pending') {
    return (
      <Badge colorPalette="blue" variant="subtle" flexShrink={0}>
        <Spinner size="xs" aria-hidden />
        OCR pending
      </Badge>
    );
  }
  if (ocr.status === 'read') {
    return (
      <Badge colorPalette="green" variant="subtle" flexShrink={0}>
        Read by OCR
      </Badge>
    );
  }
  return (
    <Badge colorPalette="red" variant="subtle" flexShrink={0}>
      OCR failed
    </Badge>
  );
}

function OcrSummary({ ocr, pendingCount }: { ocr: AnalysisOcrSummary | null; pendingCount: number }) {
  if (!ocr && pendingCount === 0) return null;
  const decision = ocr?.decision ? (DECISION_LABELS[ocr.decision] ?? ocr.decision) : null;
  return (
    <Alert.Root status="info" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {pendingCount > 0
            ? `OCR is reading ${pendingCount} statement${pendingCount === 1 ? '' : 's'}; this view updates when it finishes.`
            : 'Statements were read by OCR after submission.'}
        </Alert.Title>
        <Alert.Description>
          The automated decision was made at submission and OCR does not change it: staff decide.
          {decision &&
            ` With the OCR'd figures the engine would answer: ${decision}${ocr?.amount ? ` (supports ${formatUsd(ocr.amount)})` : ''}.`}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The automated analysis behind a decision: staff fields, monthly table, flags and reasoning. */
export function UnderwritingAnalysis({ detail }: { detail: ApplicationDetail }) {
  const { aiData, underwriting } = detail;
  if (!underwriting && !aiData) {
    return <Text color="fg.muted">No automated analysis is stored for this application.</Text>;
  }
  const view = parseAnalysis(underwriting?.analysis);
  const pendingOcr = view.statements.filter((statement) => statement.ocr?.status === 'pending').length;
  return (
    <Stack gap="6">
      <OcrSummary ocr={view.ocr} pendingCount={pendingOcr} />
      {aiData && (
        <AnalysisPart title={view.ocr || pendingOcr > 0 ? 'Automated decision at submission' : 'Automated decision'}>
          <DataList.Root orientation="horizontal" size="sm">
            {[
              ['Recommendation', aiData.recommendation ?? '—'],
              ['Confidence', aiData.confidence === null ? '—' : `${aiData.confidence}%`],
              ['Supported amount', formatUsd(aiData.approvedAmount)],
              ['Estimated APR', aiData.interestRate ? `${aiData.interestRate}%` : '—'],
            ].map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          {aiData.reasoning && (
            <Text mt="3" fontSize="sm">
              {aiData.reasoning}
            </Text>
          )}
          {aiData.riskFactors.length > 0 && (
            <List.Root mt="2" ps="5" fontSize="sm">
              {aiData.riskFactors.map((factor) => (
                <List.Item key={factor}>{factor}</List.Item>
              ))}
            </List.Root>
          )}
        </AnalysisPart>
      )}

      {view.facts.length > 0 && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          {view.facts.map((fact) => (
            <Box key={fact.label} borderWidth="1px" rounded="md" px="3" py="2">
              <Text fontSize="xs" color="fg.muted">
                {fact.label}
              </Text>
              <Text fontWeight="medium">{fact.value}</Text>
            </Box>
          ))}
        </SimpleGrid>
      )}

      {view.months.length > 0 && (
        <AnalysisPart title="Monthly cash flow">
          <Suspense fallback={<Spinner aria-label="Loading chart" />}>
            <StatementCharts months={view.months} />
          </Suspense>
          <Table.ScrollArea tabIndex={0} borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Caption srOnly>Monthly figures from the bank statements</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Month</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">True revenue</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Deposits</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Withdrawals</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Avg daily balance</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">NSF</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Negative days</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {view.months.map((month) => (
                  <Table.Row key={month.month}>
                    <Table.Cell>{month.month}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsdCents(month.trueRevenue)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsdCents(month.deposits)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsdCents(month.withdrawals)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsdCents(month.averageDailyBalance)}</Table.Cell>
                    <Table.Cell textAlign="end">{month.nsfEvents ?? '—'}</Table.Cell>
                    <Table.Cell textAlign="end">{month.negativeBalanceDays ?? '—'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </AnalysisPart>
      )}

      {view.flags.length > 0 && (
        <AnalysisPart title="Flags">
          <Stack gap="1" as="ul" listStyleType="none">
            {view.flags.map((flag, index) => (
              <Box as="li" key={`${flag.code ?? 'flag'}-${index}`} display="flex" gap="2" alignItems="baseline">
                <Badge colorPalette={FLAG_PALETTE[flag.severity]} variant="subtle" flexShrink={0}>
                  {flag.severity}
                </Badge>
                <Text fontSize="sm">{flag.message}</Text>
              </Box>
            ))}
          </Stack>
        </AnalysisPart>
      )}

      {view.reasoning.length > 0 && (
        <AnalysisPart title="Reasoning">
          <List.Root ps="5" fontSize="sm" gap="1">
            {view.reasoning.map((line, index) => (
              <List.Item key={index}>{line}</List.Item>
            ))}
          </List.Root>
        </AnalysisPart>
      )}

      {view.financingPositions.length > 0 && (
        <AnalysisPart title="Existing financing">
          <List.Root ps="5" fontSize="sm">
            {view.financingPositions.map((position) => (
              <List.Item key={position.counterparty}>
                {position.counterparty}: {formatUsdCents(position.amount)} {position.frequency ?? ''}
                {position.unsure ? ' (possible: the payee is not known as a funder)' : ''}
              </List.Item>
            ))}
          </List.Root>
        </AnalysisPart>
      )}

      {view.statements.length > 0 && (
        <AnalysisPart title="Statements read">
          <List.Root ps="5" fontSize="sm" gap="1">
            {view.statements.map((statement, index) => (
              <List.Item key={`${statement.fileName}-${index}`}>
                <HStack gap="2" wrap="wrap" align="baseline">
                  <Text as="span">
                    {statement.fileName} — {statement.parseStatus}
                    {statement.parseNote ? `: ${statement.parseNote}` : ''}
                  </Text>
                  {statement.ocr && <OcrBadge ocr={statement.ocr} />}
                  {statement.reconciliation && (
                    <Badge colorPalette={RECONCILIATION_COLOR[statement.reconciliation.status] ?? 'gray'} size="sm">
                      {RECONCILIATION_LABEL[statement.reconciliation.status] ?? statement.reconciliation.status}
                    </Badge>
                  )}
                </HStack>
                {statement.reconciliation?.reason && statement.reconciliation.status !== 'reconciled' && (
                  <Text fontSize="xs" color="fg.muted">
                    {statement.reconciliation.reason}
                  </Text>
                )}
              </List.Item>
            ))}
          </List.Root>
        </AnalysisPart>
      )}
      {view.isEmpty && !aiData && <Text color="fg.muted">The stored analysis has no details to show.</Text>}
    </Stack>
  );
}

/** One part of the analysis, under its own heading. */
function AnalysisPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
