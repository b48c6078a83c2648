import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

// For islands that send with react-query (the signup and contact forms; registry.ts): one client for the page.
let queryClient: ReturnType<typeof createQueryClient> | undefined;

export function IslandData({ children }: { children: ReactNode }) {
  queryClient ??= createQueryClient();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
