import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { trpc } from '@/lib/trpc';
import { formatDateTime, formatUsd } from '@shared/format';
import { NoticeSendStatus } from './notice-send-status';

/**
 * The staff decisions on an application, newest first: reasons, the staff note, and when the adverse action notice
 * was emailed (docs/product.md 6.7), then the automated decision's own notice. Nothing is shown before either.
 */
export function DecisionsPanel({ applicationId }: { applicationId: string }) {
  const query = trpc.admin.decisionContext.useQuery({ id: applicationId });
  const decisions = query.data?.decisions ?? [];
  const engineNotices = query.data?.engineNotices ?? [];
  if (decisions.length === 0 && engineNotices.length === 0) return null;
  return (
    <Box as="section" aria-label="Decisions">
      <Text fontWeight="semibold" mb="2">
        Decisions
      </Text>
      <Stack as="ul" gap="3" listStyleType="none">
        {decisions.map((decision) => (
          <Box as="li" key={decision.id} borderWidth="1px" rounded="md" p="3">
            <Text fontWeight="medium">
              {decision.decision === 'declined'
                ? 'Declined'
                : `Approved for ${formatUsd(decision.approvedAmount)} of ${formatUsd(decision.requestedAmount)}`}{' '}
              by {decision.decidedBy}, {formatDateTime(decision.decidedAt)}
            </Text>
            <HStack gap="2" wrap="wrap" mt="2" aria-label="Principal reasons">
              {decision.reasons.map((reason) => (
                <Badge key={reason.code} variant="subtle">
                  {reason.label}
                </Badge>
              ))}
            </HStack>
            {decision.otherReason && (
              <Text fontSize="sm" mt="2">
                Other reason (shown to the applicant): {decision.otherReason}
              </Text>
            )}
            {decision.note && (
              <Text fontSize="sm" mt="2" whiteSpace="pre-wrap">
                Staff note: {decision.note}
              </Text>
            )}
            {decision.notice && <NoticeSendStatus notice={decision.notice} />}
          </Box>
        ))}
        {engineNotices.map((notice) => (
          <Box as="li" key={notice.id} borderWidth="1px" rounded="md" p="3">
            <Text fontWeight="medium">
              {notice.kind === 'declined' ? 'Declined' : 'Approved for less than requested'} by the automated decision,{' '}
              {formatDateTime(notice.createdAt)}
            </Text>
            <NoticeSendStatus notice={notice} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
