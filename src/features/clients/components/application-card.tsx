import { Button, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatLocalDate, formatUsd, shortId } from '@shared/format';
import { applicationStatusBadge } from '../utils/labels';
import { DocumentsRequestedBadge } from './document-requests';
import { ApplicationTimeline } from './application-timeline';
import { SignedSummaryDialog } from './signed-summary-dialog';
import { StatusBadge } from './status-badge';
import type { ClientApplication } from '../types';

/** One application in the client's list: status, amounts, and the actions open to it. */
export function ApplicationCard({
  application,
  canAccept,
  onAccept,
  onViewDetails,
  showAnalysis = false,
}: {
  application: ClientApplication;
  /** False while an acceptance is in flight. */
  canAccept: boolean;
  onAccept: (application: ClientApplication) => void;
  onViewDetails?: (application: ClientApplication) => void;
  showAnalysis?: boolean;
}) {
  const [isSummaryOpen, setSummaryOpen] = useState(false);
  const badge = applicationStatusBadge(application.status);
  const analysis = application.analysis;
  const isFunded = application.status === 'funded';
  return (
    <Card.Root as="article" aria-labelledby={`application-${application.id}`} size="sm">
      <Card.Body>
        <Stack gap="3">
          <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} wrap="wrap">
            <Stack gap="0">
              <Heading as="h3" size="md" id={`application-${application.id}`}>
                {application.businessName}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                ID: {shortId(application.id)} · Submitted {formatLocalDate(application.submittedDate)}
              </Text>
            </Stack>
            <HStack gap="2" wrap="wrap">
              <StatusBadge look={badge} />
              <DocumentsRequestedBadge applicationId={application.id} />
            </HStack>
          </Flex>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
            <Figure label="Requested" value={formatUsd(application.loanAmount)} />
            {application.approvedAmount !== null && (
              <Figure
                label={application.status === 'funded' ? 'Funded amount' : 'Approved amount'}
                value={formatUsd(application.approvedAmount)}
              />
            )}
            {application.offer && (
              <Figure
                label="Weekly payment"
                value={`${formatUsd(application.offer.weeklyPayment)} × ${application.offer.termWeeks}`}
              />
            )}
          </SimpleGrid>
          <ApplicationTimeline application={application} />
          {showAnalysis && analysis && (
            <Text fontSize="sm" color="fg.muted">
              <Text as="span" fontWeight="semibold" color="fg">
                Automated analysis:{' '}
              </Text>
              {[
                analysis.healthScore !== null ? `health score ${analysis.healthScore}/100` : null,
                analysis.averageMonthlyRevenue !== null
                  ? `average monthly revenue ${formatUsd(analysis.averageMonthlyRevenue)}`
                  : null,
                analysis.cashFlowTrend ? `cash flow ${analysis.cashFlowTrend.toLowerCase()}` : null,
                analysis.overallRiskLevel ? `${analysis.overallRiskLevel.toLowerCase()} risk` : null,
              ]
                .filter(Boolean)
                .join(' · ') || 'in progress'}
            </Text>
          )}
          {showAnalysis && !analysis && (
            <Text fontSize="sm" color="fg.muted">
              Automated analysis: in progress
            </Text>
          )}
          {(onViewDetails || isFunded || (application.status === 'approved' && canAccept)) && (
            <HStack gap="2" justify="flex-end" flexWrap="wrap">
              {isFunded && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setSummaryOpen(true)}
                  aria-label={`View signed summary of ${application.businessName}`}
                >
                  View Signed Summary
                </Button>
              )}
              {onViewDetails && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onViewDetails(application)}
                  aria-label={`View details of ${application.businessName}`}
                >
                  View Details
                </Button>
              )}
              {application.status === 'approved' && canAccept && (
                <Button size="sm" colorPalette="brand" onClick={() => onAccept(application)}>
                  Accept Funding
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      </Card.Body>
      {isFunded && (
        <SignedSummaryDialog
          applicationId={application.id}
          businessName={application.businessName}
          open={isSummaryOpen}
          onOpenChange={setSummaryOpen}
        />
      )}
    </Card.Root>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="semibold">{value}</Text>
    </Stack>
  );
}
