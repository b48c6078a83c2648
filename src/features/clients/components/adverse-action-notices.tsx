import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { AdverseActionNoticeView } from '@/components/adverse-action-notice';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@shared/format';

/** The application's adverse action notices in the client portal's detail, newest first (none: nothing shown). */
export function AdverseActionNotices({ applicationId }: { applicationId: string }) {
  const query = trpc.client.adverseActionNotices.useQuery({ id: applicationId });
  if (!query.data || query.data.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={`notices-${applicationId}`}>
      <Heading as="h3" size="md" mb="3" id={`notices-${applicationId}`}>
        Notice about our decision
      </Heading>
      <Stack gap="4">
        {query.data.map((notice) => (
          <Stack key={notice.id} gap="1">
            <AdverseActionNoticeView notice={notice.content} headingLevel="h4" />
            {notice.sentAt && (
              <Text fontSize="sm" color="fg.muted">
                Emailed to you {formatDateTime(notice.sentAt)}.
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
