import { Button, HStack, Text } from '@chakra-ui/react';
import type { NoticeSummaryDto } from '@shared/decisions';
import { formatDateTime } from '@shared/format';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { useInvalidateAdmin } from '../hooks/use-invalidate-admin';

/**
 * When an adverse action notice was emailed, or that its email failed (and when), with "Send again" for staff
 * (docs/product.md 6.7). The resend is audited on the server; a sent notice is never sent twice.
 */
export function NoticeSendStatus({ notice }: { notice: NoticeSummaryDto }) {
  const invalidate = useInvalidateAdmin();
  const resend = trpc.admin.resendNotice.useMutation({
    onSuccess: (result) => {
      toaster.create(
        result.sentAt
          ? { type: 'success', title: 'Adverse action notice sent' }
          : { type: 'error', title: 'The email failed again' },
      );
      void invalidate();
    },
    onError: (error) =>
      toaster.create({ type: 'error', title: 'Failed to send the notice', description: getErrorMessage(error) }),
  });
  if (notice.sentAt) {
    return (
      <Text fontSize="sm" mt="2" color="fg.muted">
        {`Adverse action notice emailed ${formatDateTime(notice.sentAt)}`}
      </Text>
    );
  }
  return (
    <HStack mt="2" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.error">
        Adverse action notice not sent: the email failed
        {notice.sendFailedAt ? ` (last attempt ${formatDateTime(notice.sendFailedAt)})` : ''}
      </Text>
      <Button size="xs" variant="outline" loading={resend.isPending} onClick={() => resend.mutate({ id: notice.id })}>
        Send again
      </Button>
    </HStack>
  );
}
