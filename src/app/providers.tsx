import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { seedAuth } from '@/hooks/use-auth';
import type { AuthAnswer } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { createTrpcClient, trpc } from '@/lib/trpc';
import { getSystem } from '@/theme';
import { AdoptPrerenderedStyles, systemWithPrerenderedGlobalCss } from './prerendered-styles';

/**
 * `hasPrerenderedStyles`: the page hydrates build-time markup whose head holds its styles. `initialAuth`: the auth
 * answer the page was given before the app started (src/app/start.tsx), cached from the start.
 */
export function Providers({
  children,
  hasPrerenderedStyles = false,
  initialAuth,
}: {
  children: ReactNode;
  hasPrerenderedStyles?: boolean;
  initialAuth?: AuthAnswer['sent'];
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (initialAuth) seedAuth(client, initialAuth);
    return client;
  });
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {hasPrerenderedStyles && <AdoptPrerenderedStyles />}
        <ChakraProvider value={hasPrerenderedStyles ? systemWithPrerenderedGlobalCss() : getSystem()}>
          {children}
          <Toaster />
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
