import { Badge, Box, Button, Heading, List, Progress, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatUsd } from '@shared/format';
import type { SubmissionOfferDto, UnderwritingResultDto } from '@shared/schemas/submission';
import { REVENUE_NOT_VERIFIED, UNDERWRITING_WORDS } from '@shared/underwriting-words';
import type { UploadProgress } from '../utils/submit';
import { LessThanAskedNote, OfferTermsExplained } from './decision-words';

/** How each statement's reading is said to the applicant. */
const STATEMENT_STATUS_TEXT: Record<UnderwritingResultDto['statements'][number]['status'], string> = {
  reconciled: 'read, and its balances add up',
  'not-reconciled': 'read, but its balances do not add up; an underwriter will check it',
  unverifiable: 'read; it prints no balances to check the figures against',
  'not-read': 'could not be read; an underwriter will review it',
};

/** Under "Review Later" and "Skip for Now": the way back is the emailed link. */
const INBOX_NOTE =
  'We have emailed you a link to this application. Open it within 14 days to see your decision again and create your account or sign in.';

export function ProcessingStep({ progress }: { progress: UploadProgress }) {
  const isUploading = progress.phase === 'uploading';
  const percent = isUploading ? Math.round(progress.fraction * 100) : 100;
  return (
    <Stack gap="6" textAlign="center" py="4" aria-live="polite">
      <Text color="fg.muted">Our AI underwriting engine is reviewing your business. This only takes a moment.</Text>
      <Progress.Root value={percent} max={100} colorPalette="brand" size="lg">
        <Progress.Label mb="2">{isUploading ? 'Uploading documents' : 'Documents uploaded'}</Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
        <Progress.ValueText mt="1">{`${percent}%`}</Progress.ValueText>
      </Progress.Root>
      <Progress.Root value={isUploading ? 0 : null} colorPalette="green" size="sm">
        <Progress.Label mb="2">
          {isUploading ? 'AI underwriting waits for your documents' : 'Running AI underwriting...'}
        </Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

const trendColor = (trend: string) => (trend === 'Growing' ? 'green' : trend === 'Stable' ? 'blue' : 'orange');
const riskColor = (level: string) => (level === 'Low' ? 'green' : level === 'Medium' ? 'yellow' : 'red');

/** The payment's share of verified weekly revenue as a meter, with the numbers in words too. */
/** A short bulleted list of the engine's notes (recommendations, risk factors); nothing when there are none. */
function NoteList({ items, mt }: { items: string[] | undefined; mt: string }) {
  if (!items?.length) return null;
  return (
    <List.Root mt={mt} ps="5" gap="1" fontSize="sm">
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

function AffordabilityLine({ option }: { option: SubmissionOfferDto }) {
  const labelId = `affordability-${option.key}`;
  if (option.affordabilityPct === null) {
    return (
      <Text fontSize="xs" color="fg.muted">
        Weekly revenue not verified from statements
      </Text>
    );
  }
  const pct = option.affordabilityPct;
  const max = Math.min(100, Math.max(10, Math.ceil((pct * 2) / 5) * 5));
  return (
    <Stack gap="1">
      <Text id={labelId} fontSize="xs" color="fg.muted">
        {`Payment is ${pct.toFixed(1)}% of verified weekly revenue`}
      </Text>
      <Box
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={pct}
        aria-valuetext={`${pct.toFixed(1)}% of verified weekly revenue`}
        h="2"
        bg="bg.emphasized"
        borderRadius="full"
        overflow="hidden"
      >
        <Box h="full" w={`${Math.min(100, (pct / max) * 100)}%`} bg="green.600" borderRadius="full" />
      </Box>
    </Stack>
  );
}

/** The engine's options, read-only: the client picks and signs one in the client portal. */
function OfferOptionsPreview({ options }: { options: SubmissionOfferDto[] }) {
  return (
    <Box as="section" aria-labelledby="approval-options">
      <Heading as="h4" size="md" mb="1" id="approval-options">
        Compare your options
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Choose, adjust and sign one of these in your client portal; create an account after this step if you do not have
        one yet.
      </Text>
      <SimpleGrid columns={{ base: 1, md: Math.min(3, options.length) }} gap="3">
        {options.map((option) => (
          <Box
            key={option.key}
            as="article"
            aria-labelledby={`approval-option-${option.key}`}
            borderWidth="1px"
            borderRadius="lg"
            p="4"
          >
            <Stack gap="2">
              <Heading as="h5" size="sm" id={`approval-option-${option.key}`}>
                {option.label}
              </Heading>
              <Text fontSize="2xl" fontWeight="bold">
                {formatUsd(option.amount)}
              </Text>
              <Text fontSize="sm">{`${formatUsd(option.weeklyPayment)} weekly for ${option.termWeeks} weeks`}</Text>
              <Text fontSize="sm" color="fg.muted">
                {`Total repayment ${formatUsd(option.totalRepayment)} · estimated APR ${option.estimatedApr.toFixed(1)}%`}
              </Text>
              <AffordabilityLine option={option} />
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** The AI underwriting result ('Instant Decision'), with every detail of the result. */
export function ApprovalStep({
  result,
  onContinue,
}: {
  /** The submission result; `offers` lists the engine's priced options when approved. */
  result: UnderwritingResultDto & { offers?: SubmissionOfferDto[] };
  onContinue: () => void;
}) {
  // Defaults when the result lacks them; weekly payment in whole dollars.
  const factorRate = result.mcaTerms?.factorRate ?? 1.35;
  const termWeeks = result.mcaTerms?.termWeeks ?? 36;
  const purchaseAmount = result.mcaTerms?.purchaseAmount ?? result.approvedAmount * factorRate;
  const weeklyPayment = Math.round(result.mcaTerms?.weeklyPayment ?? purchaseAmount / termWeeks);
  const insights = result.bankStatementInsights;
  const risk = result.riskAssessment;
  const isPartial = Boolean(result.explanation?.lessThanAsked);
  const isUnverified = result.revenueSource === 'stated';
  return (
    <Stack gap="6">
      {result.approved ? (
        <Box textAlign="center" bg="green.50" borderRadius="lg" p="6">
          <Badge colorPalette="green" size="lg" mb="2">
            Pre-Approved
          </Badge>
          <Heading as="h3" size="lg">
            {isPartial ? 'You are pre-approved for a smaller amount' : "Congratulations! You're pre-approved"}
          </Heading>
          <Text fontSize="4xl" fontWeight="bold" color="green.700" data-testid="approved-amount">
            {formatUsd(result.approvedAmount)}
          </Text>
        </Box>
      ) : (
        <Box textAlign="center" bg="orange.50" borderRadius="lg" p="6">
          <Heading as="h3" size="lg">
            Application Under Review
          </Heading>
          <Text mt="2" color="fg.muted">
            An underwriter will review your application and contact you within 24 hours.
          </Text>
        </Box>
      )}

      {result.approved && <LessThanAskedNote explanation={result.explanation} />}

      {result.approved && (
        <Box>
          <Heading as="h4" size="md" mb="3">
            Your Offer
          </Heading>
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
            <Stat.Root>
              <Stat.Label>Purchase amount</Stat.Label>
              <Stat.ValueText>{formatUsd(purchaseAmount)}</Stat.ValueText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Factor rate</Stat.Label>
              <Stat.ValueText>{factorRate.toFixed(2)}</Stat.ValueText>
            </Stat.Root>
            {/* As prominent as the factor rate: the cost as a yearly rate, to compare with loans. */}
            <Stat.Root>
              <Stat.Label>Estimated APR</Stat.Label>
              <Stat.ValueText>{result.estimatedApr > 0 ? `${result.estimatedApr.toFixed(1)}%` : '-'}</Stat.ValueText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Weekly payment</Stat.Label>
              <Stat.ValueText>{formatUsd(weeklyPayment)}</Stat.ValueText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Term</Stat.Label>
              <Stat.ValueText>{`${termWeeks} weeks`}</Stat.ValueText>
            </Stat.Root>
          </SimpleGrid>
          <OfferTermsExplained />
        </Box>
      )}

      {result.approved && result.offers && result.offers.length > 0 && <OfferOptionsPreview options={result.offers} />}

      {insights && (
        <Box>
          <Heading as="h4" size="md" mb="3">
            Bank Statement Insights
          </Heading>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <Stat.Root>
              <Stat.Label>Average monthly revenue</Stat.Label>
              <Stat.ValueText>{isUnverified ? 'Unverified' : formatUsd(insights.averageMonthlyRevenue)}</Stat.ValueText>
              <Text as="dd" fontSize="xs" color={isUnverified ? 'orange.700' : 'fg.muted'}>
                {isUnverified ? REVENUE_NOT_VERIFIED : UNDERWRITING_WORDS.averageMonthlyRevenue}
              </Text>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Health score</Stat.Label>
              <Stat.ValueText>{`${insights.healthScore ?? 0}/100`}</Stat.ValueText>
              <Text as="dd" fontSize="xs" color="fg.muted">
                {UNDERWRITING_WORDS.healthScore}
              </Text>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Consistency</Stat.Label>
              <Stat.ValueText fontSize="lg">{insights.consistencyRating ?? '-'}</Stat.ValueText>
              <Text as="dd" fontSize="xs" color="fg.muted">
                {UNDERWRITING_WORDS.consistency}
              </Text>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Cash flow trend</Stat.Label>
              <Stat.ValueText>
                <Badge colorPalette={trendColor(insights.cashFlowTrend ?? '')} size="lg">
                  {insights.cashFlowTrend ?? '-'}
                </Badge>
              </Stat.ValueText>
              <Text as="dd" fontSize="xs" color="fg.muted">
                {UNDERWRITING_WORDS.cashFlowTrend}
              </Text>
            </Stat.Root>
          </SimpleGrid>
          {/* Where the revenue figure comes from, in plain words: never the stated answer shown as a statement figure. */}
          <Text mt="3" fontSize="sm" color={result.revenueSource === 'stated' ? 'orange.700' : 'fg.muted'}>
            {result.revenueNote}
          </Text>
          {result.statements.length > 0 && (
            <List.Root mt="2" ps="5" gap="1" fontSize="sm" aria-label="Your bank statements">
              {result.statements.map((statement) => (
                <List.Item key={statement.fileName}>
                  {statement.fileName}: {STATEMENT_STATUS_TEXT[statement.status]}
                  {statement.status !== 'reconciled' && statement.reason ? ` (${statement.reason})` : ''}
                </List.Item>
              ))}
            </List.Root>
          )}
          <NoteList items={insights.recommendations} mt="3" />
        </Box>
      )}

      {risk && (
        <Box>
          <Heading as="h4" size="md" mb="3">
            Risk Assessment
          </Heading>
          <Text>
            Overall risk level:{' '}
            <Badge colorPalette={riskColor(risk.overallRiskLevel ?? '')}>{risk.overallRiskLevel ?? '-'}</Badge>
          </Text>
          <Text mt="1" fontSize="sm" color="fg.muted">
            {UNDERWRITING_WORDS.riskLevel}
          </Text>
          <NoteList items={risk.riskFactors} mt="2" />
        </Box>
      )}

      {(result.nextSteps?.length ?? 0) > 0 && (
        <Box>
          <Heading as="h4" size="md" mb="3">
            Next Steps
          </Heading>
          <List.Root as="ol" ps="5" gap="1">
            {result.nextSteps?.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List.Root>
        </Box>
      )}

      <Text fontSize="sm" color="fg.muted">
        AI confidence: {Math.round(result.confidence ?? 0)}%. {UNDERWRITING_WORDS.confidence}
      </Text>

      {result.approved && (
        <Text id="review-later-note" color="fg.muted">
          {INBOX_NOTE}
        </Text>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        {result.approved ? (
          <>
            <Button colorPalette="brand" size="lg" onClick={onContinue}>
              Accept Pre-Approval
            </Button>
            <Button asChild variant="outline" size="lg" aria-describedby="review-later-note">
              <Link to={paths.home}>Review Later</Link>
            </Button>
          </>
        ) : (
          <>
            <Button colorPalette="brand" size="lg" onClick={onContinue}>
              Continue
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link to={paths.home}>Back to Home</Link>
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}

export function SuccessStep({ isSignedIn, onCreateAccount }: { isSignedIn: boolean; onCreateAccount: () => void }) {
  return (
    <Stack gap="5" textAlign="center" align="center">
      <Text fontSize="lg">
        Thank you for applying. Our team will contact you within 24 hours, and funding is often possible the same day.
      </Text>
      {isSignedIn ? (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild colorPalette="brand" size="lg">
            <Link to={paths.clientPortal}>Go to Client Portal</Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to={paths.home}>Return to Home</Link>
          </Button>
        </Stack>
      ) : (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button colorPalette="brand" size="lg" onClick={onCreateAccount}>
            Create Account to Track Application
          </Button>
          <Button asChild variant="outline" size="lg" aria-describedby="skip-for-now-note">
            <Link to={paths.home}>Skip for Now</Link>
          </Button>
        </Stack>
      )}
      {!isSignedIn && (
        <Text id="skip-for-now-note" color="fg.muted">
          {INBOX_NOTE}
        </Text>
      )}
    </Stack>
  );
}

export function AccountCreatedStep() {
  return (
    <Stack gap="5" textAlign="center" align="center">
      <Text fontSize="lg">Your account is ready. Track your application and your offers in the client portal.</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild colorPalette="brand" size="lg">
          <Link to={paths.clientPortal}>Go to Client Portal</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </Stack>
    </Stack>
  );
}
