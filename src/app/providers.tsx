import { ChakraProvider } from '@chakra-ui/react';
import { withEmotionCache } from '@emotion/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { createTrpcClient, trpc } from '@/lib/trpc';
import { getSystem } from '@/theme';

/**
 * The system for a page whose prerendered head holds Chakra's global CSS (scripts/prerender.mjs): without it (the
 * tokens as CSS variables, the reset, the global styles, the layer order), so ChakraProvider's <Global>s add
 * nothing. Computing and serializing that CSS again is some 50 ms of start-up work on a fast machine
 * (build/chakra/lazy-global-css.ts makes Chakra compute it only when read). The tags stay in the head for the whole visit.
 * Defined, not assigned: in the client build `_global` is a getter without a setter on the system itself.
 */
let prerenderedCssSystem: ReturnType<typeof getSystem> | undefined;
function systemWithPrerenderedGlobalCss() {
  const system = getSystem();
  prerenderedCssSystem ??= Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as typeof system;
  return prerenderedCssSystem;
}

let hasAdoptedPrerenderedStyles = false;

/**
 * Tells emotion's cache which component rules the prerendered head has (the names in its
 * `<style data-ssr-emotion="css …">`), so that hydrating inserts none of them again.
 */
const AdoptPrerenderedStyles = withEmotionCache((_props: object, cache) => {
  if (hasAdoptedPrerenderedStyles) return null;
  hasAdoptedPrerenderedStyles = true;
  for (const tag of document.querySelectorAll(`style[data-ssr-emotion^="${cache.key} "]`)) {
    for (const name of tag.getAttribute('data-ssr-emotion')?.split(' ').slice(1) ?? []) cache.inserted[name] = true;
  }
  return null;
});

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
