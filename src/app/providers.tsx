import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { createTrpcClient, trpc } from '@/lib/trpc';
import { getSystem } from '@/theme';
import { AdoptPrerenderedStyles, systemWithPrerenderedGlobalCss } from './prerendered-styles';

/** `hasPrerenderedStyles`: the page hydrates build-time markup whose head holds its styles. */
export function Providers({
  children,
  hasPrerenderedStyles = false,
}: {
  children: ReactNode;
  hasPrerenderedStyles?: boolean;
}) {
  const [queryClient] = useState(createQueryClient);
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
