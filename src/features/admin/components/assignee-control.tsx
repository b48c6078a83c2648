import { Button, HStack, NativeSelect } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { useInvalidateAdmin } from '../hooks/use-invalidate-admin';

const UNASSIGNED = '';

type Props = {
  application: { id: string; businessName: string; assignee: { id: string; name: string } | null };
  currentUserId: string;
};

/** Who owns a file: "Assign to me", a choice of active colleagues, or nobody. Every change is audited. */
export function AssigneeControl({ application, currentUserId }: Props) {
  const invalidate = useInvalidateAdmin();
  const staff = trpc.admin.assignableStaff.useQuery(undefined, { staleTime: 60_000 });
  const assign = trpc.admin.assignApplication.useMutation({
    onSuccess: (_, input) => {
      toaster.create({
        type: 'success',
        title: input.assigneeId ? 'Application assigned' : 'Application unassigned',
      });
      void invalidate();
    },
    onError: (error) =>
      toaster.create({ type: 'error', title: 'Failed to change the assignment', description: getErrorMessage(error) }),
  });
  const current = application.assignee?.id ?? UNASSIGNED;
  const options = staff.data ?? [];
  // A former colleague keeps their name in the list until the file is handed on.
  const missing = application.assignee && !options.some((member) => member.id === application.assignee?.id);
  return (
    <HStack gap="1" wrap="nowrap">
      <NativeSelect.Root size="xs" width="36" disabled={assign.isPending}>
        <NativeSelect.Field
          aria-label={`Assignee of ${application.businessName}`}
          value={current}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (next !== current) assign.mutate({ id: application.id, assigneeId: next || null });
          }}
        >
          <option value={UNASSIGNED}>Unassigned</option>
          {missing && application.assignee && (
            <option value={application.assignee.id}>{application.assignee.name}</option>
          )}
          {options.map((member) => (
            <option key={member.id} value={member.id}>
              {member.id === currentUserId ? `${member.name} (me)` : member.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {current !== currentUserId && (
        <Button
          size="xs"
          variant="outline"
          loading={assign.isPending}
          aria-label={`Assign ${application.businessName} to me`}
          onClick={() => assign.mutate({ id: application.id, assigneeId: currentUserId })}
        >
          Assign to me
        </Button>
      )}
    </HStack>
  );
}
