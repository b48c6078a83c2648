import { Box, Button, DataList, Dialog, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppDialog } from '@/components/form-dialog';
import { formatLocalDate, formatUsd, shortId } from '@shared/format';
import { applicationStatusBadge } from '../utils/labels';
import { REVENUE_NOT_VERIFIED } from '@shared/underwriting-words';
import { OfferExplained } from './offer-explained';
import { StatusBadge } from './status-badge';
import { AdverseActionNotices } from './adverse-action-notices';
import type { ClientApplication } from '../types';

/** View Details: the application, the full offer and the automated analysis (client portal). */
export function ApplicationDetailsDialog({
  application,
  onClose,
  onAccept,
  canAccept,
}: {
  application: ClientApplication | null;
  onClose: () => void;
  onAccept: (application: ClientApplication) => void;
  canAccept: boolean;
}) {
  return (
    <AppDialog open={application !== null} onOpenChange={(next) => !next && onClose()} size="lg" placement="center">
      {application && (
        <>
          <Dialog.Header>
            <Stack gap="1">
              <Dialog.Title>{application.businessName}</Dialog.Title>
              <HStack gap="3" flexWrap="wrap">
                <Text color="fg.muted" fontSize="sm">
                  Application {shortId(application.id)}
                </Text>
                <StatusBadge look={applicationStatusBadge(application.status)} />
              </HStack>
            </Stack>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="6">
              <Section title="Application">
                <DataList.Root orientation="horizontal">
                  <Item label="Submitted" value={formatLocalDate(application.submittedDate)} />
                  <Item label="Amount requested" value={formatUsd(application.loanAmount)} />
                  <Item label="Business type" value={application.businessType} />
                  <Item label="Time in business" value={application.timeInBusiness} />
                  <Item label="Monthly revenue" value={application.monthlyRevenue} />
                </DataList.Root>
              </Section>
              <Section title={application.status === 'funded' ? 'Your funding' : 'Your offer'}>
                {application.offer ? (
                  <>
                    <DataList.Root orientation="horizontal">
                      <Item label="Approved amount" value={formatUsd(application.offer.amount)} />
                      <Item label="Factor rate" value={application.offer.factorRate.toFixed(2)} />
                      <Item
                        label="Purchased amount (total payback)"
                        value={formatUsd(application.offer.purchasedAmount)}
                      />
                      <Item label="Weekly payment" value={formatUsd(application.offer.weeklyPayment)} />
                      <Item label="Term" value={`${application.offer.termWeeks} weeks`} />
                      <Item label="Estimated APR" value={`${application.offer.estimatedApr}%`} />
                    </DataList.Root>
                    <OfferExplained analysis={application.status === 'approved' ? application.analysis : null} />
                  </>
                ) : (
                  <Text color="fg.muted">
                    {application.status === 'declined'
                      ? 'We could not make an offer from the information we have. A representative will contact you about next steps.'
                      : 'Our team is reviewing your application. Your offer will appear here once it is ready.'}
                  </Text>
                )}
              </Section>
              <AdverseActionNotices applicationId={application.id} />
              {application.analysis && (
                <Section title="Automated analysis">
                  <DataList.Root orientation="horizontal">
                    <Item
                      label="Average monthly revenue"
                      value={
                        application.analysis.averageMonthlyRevenue === null
                          ? REVENUE_NOT_VERIFIED
                          : formatUsd(application.analysis.averageMonthlyRevenue)
                      }
                    />
                    {application.analysis.healthScore !== null && (
                      <Item label="Financial health score" value={`${application.analysis.healthScore} / 100`} />
                    )}
                    {application.analysis.consistencyRating && (
                      <Item label="Revenue consistency" value={application.analysis.consistencyRating} />
                    )}
                    {application.analysis.cashFlowTrend && (
                      <Item label="Cash flow trend" value={application.analysis.cashFlowTrend} />
                    )}
                    {application.analysis.overallRiskLevel && (
                      <Item label="Risk level" value={application.analysis.overallRiskLevel} />
                    )}
                    {application.confidence && <Item label="Confidence" value={`${application.confidence}%`} />}
                  </DataList.Root>
                  {application.analysis.revenueNote && (
                    <Text mt="3" fontSize="sm" color="fg.muted">
                      {application.analysis.revenueNote}
                    </Text>
                  )}
                  <Bullets title="Recommendations" items={application.analysis.recommendations} />
                  <Bullets title="Next steps" items={application.analysis.nextSteps} />
                </Section>
              )}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {application.status === 'approved' && canAccept && (
              <Button colorPalette="brand" onClick={() => onAccept(application)}>
                Accept Funding
              </Button>
            )}
          </Dialog.Footer>
        </>
      )}
    </AppDialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section">
      <Heading as="h3" size="md" mb="3">
        {title}
      </Heading>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="56">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Bullets({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Box>
      <Text fontWeight="semibold" mb="1">
        {title}
      </Text>
      <List.Root ps="5" gap="1">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
