import { Badge, DataList, Dialog, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { AppDialog } from '@/components/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import type { ApplicantRow } from '../types';
import { formatCalendarDate, formatDateTime } from '@shared/format';
import { ApplicationListTable } from './application-list-table';
import { NotesTimeline } from './notes-timeline';

type Props = { applicant: ApplicantRow | null; onClose: () => void; onView: (id: string) => void };

/** Applicant detail. Shown even when their applications fail to load or there are none (with a toast). */
export function ApplicantDetailDialog({ applicant, onClose, onView }: Props) {
  return (
    <AppDialog open={applicant !== null} onOpenChange={(next) => !next && onClose()} size="lg">
      {applicant && <ApplicantBody applicant={applicant} onView={onView} />}
    </AppDialog>
  );
}

function ApplicantBody({ applicant, onView }: { applicant: ApplicantRow; onView: (id: string) => void }) {
  const query = trpc.admin.applicantById.useQuery({ id: applicant.id }, { staleTime: 10_000 });
  const count = query.data?.applications.length;
  useEffect(() => {
    if (query.error) {
      toaster.create({
        type: 'error',
        title: "Failed to load applicant's application data",
        description: getErrorMessage(query.error),
      });
    }
  }, [query.error]);
  useEffect(() => {
    if (count === 0) {
      toaster.create({
        type: 'info',
        title: 'No Application Data',
        description: 'This applicant has not submitted any applications yet.',
      });
    }
  }, [count]);
  const profile = query.data?.applicant ?? applicant;
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{name}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="6">
          <DataList.Root orientation="horizontal" size="sm">
            {(
              [
                ['Email', profile.email],
                ['Business', profile.businessName || '—'],
                [
                  'Status',
                  <Badge key="status" colorPalette={profile.isActive ? 'green' : 'gray'}>
                    {profile.isActive ? 'Active' : 'Inactive'}
                  </Badge>,
                ],
                ['Applications', profile.totalApplications],
                ['Active applications', profile.activeApplications],
                ['Last login', profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : 'Never'],
                ['Joined', formatCalendarDate(profile.createdAt)],
              ] as const
            ).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Stack gap="2">
            <Heading as="h3" size="sm">
              Applications
            </Heading>
            {query.isPending ? (
              <HStack justify="center" py="6">
                <Spinner aria-label="Loading applications" />
              </HStack>
            ) : query.isError ? (
              <Text color="fg.error">Failed to load applicant&apos;s application data</Text>
            ) : query.data.applications.length === 0 ? (
              <Text color="fg.muted">This applicant has not submitted any applications yet.</Text>
            ) : (
              <ApplicationListTable
                rows={query.data.applications}
                caption={`Applications of ${name}`}
                onView={onView}
              />
            )}
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="sm">
              Notes
            </Heading>
            <NotesTimeline subjectType="applicant" subjectId={applicant.id} events={[]} label={`Notes on ${name}`} />
          </Stack>
        </Stack>
      </Dialog.Body>
    </>
  );
}
