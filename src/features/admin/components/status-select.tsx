import { NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { applicationStatusLabel, STAFF_SETTABLE_STATUSES, staffStatusSchema } from '@shared/schemas/admin';
import { useInvalidateAdmin } from '../hooks/use-invalidate-admin';
import { StatusBadge } from './badges';
import { DecisionDialog } from './decision-dialog';

/** The inline status changer (spec: Applications tab), with the spec's success and failure toasts. */
export function StatusSelect({ application }: { application: { id: string; status: string; businessName: string } }) {
  const invalidate = useInvalidateAdmin();
  const setStatus = trpc.admin.setApplicationStatus.useMutation();
  // Approving or declining is a decision (docs/product.md 6.7): it opens the reasons form instead.
  const [deciding, setDeciding] = useState<'approved' | 'declined' | null>(null);
  // A funded application has a loan: its status is final.
  if (application.status === 'funded') return <StatusBadge status="funded" />;
  const isStaffStatus = staffStatusSchema.safeParse(application.status).success;
  return (
    <NativeSelect.Root size="sm" width="36" disabled={setStatus.isPending}>
      <NativeSelect.Field
        aria-label={`Status of ${application.businessName}`}
        value={application.status}
        onChange={(event) => {
          const parsed = staffStatusSchema.safeParse(event.currentTarget.value);
          if (!parsed.success) return;
          if (parsed.data === 'approved' || parsed.data === 'declined') return setDeciding(parsed.data);
          setStatus.mutate(
            { id: application.id, status: parsed.data },
            {
              onSuccess: () => {
                toaster.create({ type: 'success', title: 'Application status updated successfully' });
                void invalidate();
              },
              onError: (error) =>
                toaster.create({
                  type: 'error',
                  title: 'Failed to update application status',
                  description: getErrorMessage(error),
                }),
            },
          );
        }}
      >
        {!isStaffStatus && (
          <option value={application.status} disabled>
            {applicationStatusLabel(application.status)}
          </option>
        )}
        {STAFF_SETTABLE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {applicationStatusLabel(status)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
      <DecisionDialog application={application} decision={deciding} onClose={() => setDeciding(null)} />
    </NativeSelect.Root>
  );
}
