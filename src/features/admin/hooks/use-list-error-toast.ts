import { useEffect } from 'react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';

/** list failures ('Failed to fetch applications'...): one toast per failure, the server's reason below. */
export function useListErrorToast(error: unknown, title: string) {
  useEffect(() => {
    if (error) toaster.create({ type: 'error', title, description: getErrorMessage(error) });
  }, [error, title]);
}
