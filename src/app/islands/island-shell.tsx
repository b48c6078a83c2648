import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { getSystem } from '@/theme';
import { AdoptPrerenderedStyles, systemWithPrerenderedGlobalCss } from '../prerendered-styles';

function Live({ onLive }: { onLive: () => void }) {
  useEffect(() => onLive(), [onLive]);
  return null;
}

/**
 * What every island renders inside, at build time (scripts/prerender.mjs) and in the browser: Chakra's system and
 * nothing else (no router, no data layer: islands that need them bring them, registry.ts). `hasPrerenderedStyles`: the
 * head holds the page's styles (the browser). `onLive` runs after the island's first commit.
 */
export function IslandShell({
  children,
  hasPrerenderedStyles = false,
  onLive,
}: {
  children: ReactNode;
  hasPrerenderedStyles?: boolean;
  onLive?: () => void;
}) {
  return (
    <>
      {hasPrerenderedStyles && <AdoptPrerenderedStyles />}
      <ChakraProvider value={hasPrerenderedStyles ? systemWithPrerenderedGlobalCss() : getSystem()}>
        {children}
      </ChakraProvider>
      {onLive && <Live onLive={onLive} />}
    </>
  );
}

/** An island's whole tree in the browser: the shell over the page's prerendered styles (start-islands.tsx). */
export function islandTree(Component: ComponentType<object>, props: object, onLive?: () => void) {
  return (
    <StrictMode>
      <IslandShell hasPrerenderedStyles onLive={onLive}>
        <Component {...props} />
      </IslandShell>
    </StrictMode>
  );
}
