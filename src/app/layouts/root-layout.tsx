import { Box, Flex, Link as ChakraLink } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '@/components/footer';
import { Navbar } from '@/components/navbar';
import { HydrateLater } from '@/lib/hydrate-later';
import { Island } from '@/lib/island';

/**
 * The page frame. It does not read the auth state itself (Navbar does), so the auth answer re-renders only that. On a
 * prerendered public page the bar is an island (src/lib/island.tsx) and the rest of the frame plain HTML. Where the
 * whole app hydrates build-time markup (/apply), the bar and the footer hydrate once the page is idle, after the page's
 * own content (HydrateLater).
 */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  // New page, top of the page (unless a #section was asked for). Not on the first render: the browser has placed the
  // page already (top, or where a reload left it), and the visitor may have scrolled before the scripts arrived.
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <Flex direction="column" minH="100dvh">
      <ChakraLink
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{ left: '4', top: '4', zIndex: 'skipLink', bg: 'white', p: '2', borderRadius: 'md' }}
      >
        Skip to content
      </ChakraLink>
      <Island name="navbar" props={{ pathname }}>
        <HydrateLater>
          <Navbar />
        </HydrateLater>
      </Island>
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </Flex>
  );
}
