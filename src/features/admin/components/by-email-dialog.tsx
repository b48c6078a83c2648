import { Alert, Dialog, HStack, Spinner, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { AppDialog } from '@/components/form-dialog';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { ApplicationListTable } from './application-list-table';

type Props = { email: string | null; onClose: () => void; onView: (id: string) => void };

/** Spec: 'Applications for {email}'. The lookup is a POST so the address never sits in a URL. */
export function ByEmailDialog({ email, onClose, onView }: Props) {
  return (
    <AppDialog open={email !== null} onOpenChange={(next) => !next && onClose()} size="xl">
      <Dialog.Header>
        <Dialog.Title>Applications for {email}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{email && <ByEmailBody email={email} onView={onView} />}</Dialog.Body>
    </AppDialog>
  );
}

function ByEmailBody({ email, onView }: { email: string; onView: (id: string) => void }) {
  const lookup = trpc.admin.applicationsByEmail.useMutation();
  const { mutate } = lookup;
  useEffect(() => {
    mutate({ email });
  }, [email, mutate]);

  if (lookup.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Failed to fetch applications</Alert.Title>
        <Alert.Description>{getErrorMessage(lookup.error)}</Alert.Description>
      </Alert.Root>
    );
  }
  if (!lookup.data) {
    return (
      <HStack justify="center" py="10">
        <Spinner aria-label="Loading applications" />
      </HStack>
    );
  }
  if (lookup.data.count === 0) {
    return (
      <Text py="6" textAlign="center" color="fg.muted">
        No applications found
      </Text>
    );
  }
  return (
    <>
      <Text mb="3" color="fg.muted" fontSize="sm">
        {lookup.data.count} {lookup.data.count === 1 ? 'application' : 'applications'}
      </Text>
      <ApplicationListTable rows={lookup.data.data} caption={`Applications for ${email}`} onView={onView} />
    </>
  );
}
