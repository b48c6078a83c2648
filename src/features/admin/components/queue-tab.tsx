import { Badge, Button, HStack, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { apiFetch } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { QUEUE_REASONS, type AssigneeFilter, type QueueItemDto } from '@shared/schemas/back-office-work';
import { formatCalendarDate, formatLocalDate, formatUsd } from '@shared/format';
import { useCursorPager } from '../hooks/use-cursor-pager';
import { useListErrorToast } from '../hooks/use-list-error-toast';
import { waitingFor } from '../utils/queue';
import { AssigneeControl } from './assignee-control';
import { PagedTable } from './data-table';
import { AssigneeFilterField } from './assignee-filter';

type Props = { currentUserId: string; onView: (id: string, focus?: 'analysis') => void };

type QueueInput = { assignee: AssigneeFilter; cursor?: string; direction: 'next' | 'prev' };
type QueueAnswer = { data: QueueItemDto[]; nextCursor: string | null; prevCursor: string | null };

/**
 * One queue page from GET /api/admin/queue: the same rows and access rules as the workQueue procedure, at less
 * server work per page than tRPC's batch and superjson (docs/performance.md). Cached under the procedure's own key,
 * so the back office's invalidation after a change (use-invalidate-admin) refetches it.
 */
function useQueuePage(input: QueueInput) {
  const params = new URLSearchParams({ assignee: input.assignee, direction: input.direction });
  if (input.cursor) params.set('cursor', input.cursor);
  return useQuery({
    queryKey: getQueryKey(trpc.admin.workQueue, input, 'query'),
    queryFn: async () => {
      const answer = await apiFetch<QueueAnswer>(`/api/admin/queue?${params.toString()}`);
      return { items: answer.data, nextCursor: answer.nextCursor, prevCursor: answer.prevCursor };
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The work queue: applications waiting for a person, oldest first, with how long and why, and who owns each. */
export function QueueTab({ currentUserId, onView }: Props) {
  const [assignee, setAssignee] = useState<AssigneeFilter>('all');
  const pager = useCursorPager(`queue-${assignee}`);
  const query = useQueuePage({ assignee, ...pager.input });
  useListErrorToast(query.error, 'Failed to fetch the work queue');
  const rows = query.data?.items ?? [];
  // Ages as of the moment the list was read, so a re-render does not change them.
  const now = query.dataUpdatedAt;

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="3">
        <Text color="fg.muted" fontSize="sm">
          Applications waiting for a person, the longest waiting first.
        </Text>
        <AssigneeFilterField
          width="auto"
          value={assignee}
          onChange={setAssignee}
          selectProps={{ size: 'sm', width: '44' }}
        />
      </HStack>
      <PagedTable
        label="Queue"
        texts={{
          error: 'Failed to fetch the work queue',
          loading: 'Loading the work queue',
          empty: 'Nothing is waiting for a person',
        }}
        query={query}
        rowCount={rows.length}
        pager={pager}
        caption="Work queue, oldest first"
        columns={['Business', { label: 'Amount', isNumeric: true }, 'Waiting', 'Reason', 'Assigned', 'Actions']}
      >
        {rows.map((row) => (
          <Table.Row key={row.id}>
            <Table.Cell>
              <Text fontWeight="medium">{row.businessName}</Text>
              <Text fontSize="xs" color="fg.muted">
                {row.ownerName}
              </Text>
            </Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(row.loanAmount)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              <Text>{waitingFor(row.createdAt, now)}</Text>
              <Text fontSize="xs" color="fg.muted">
                since {formatCalendarDate(row.createdAt)}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Wrap gap="1">
                {row.reasons.map((reason) => (
                  <Badge key={reason} colorPalette={reason === 'review' ? 'orange' : 'red'} variant="subtle">
                    {QUEUE_REASONS[reason]}
                  </Badge>
                ))}
              </Wrap>
              {row.offerValidUntil && (
                <Text fontSize="xs" color="fg.muted">
                  Offer valid until {formatLocalDate(new Date(row.offerValidUntil))}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell>
              <AssigneeControl application={row} currentUserId={currentUserId} />
            </Table.Cell>
            <Table.Cell>
              <Button
                size="xs"
                variant="outline"
                aria-label={`View ${row.businessName}`}
                onClick={() => onView(row.id)}
              >
                View
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </Stack>
  );
}
