import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { mountIslandToaster } from './island-toaster';

// For islands that send with react-query (the signup and contact forms; registry.ts): one client for the page, and
// the notification region they report in (island-toaster.tsx), mounted once one of them is live.
let queryClient: ReturnType<typeof createQueryClient> | undefined;

export function IslandData({ children }: { children: ReactNode }) {
  queryClient ??= createQueryClient();
  useEffect(() => mountIslandToaster(), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
