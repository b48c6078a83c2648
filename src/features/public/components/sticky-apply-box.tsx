import { Box, Button, Heading, HStack, IconButton, Text } from '@chakra-ui/react';
import { AnimatePresence, m } from 'framer-motion';
import { MotionProvider } from './motion';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { STICKY_BOX_THRESHOLD_PX, useScrolledPast } from '../hooks/use-scrolled-past';
import { SiteIcon } from './icons';

const CLOSED_KEY = 'summit.applyBoxClosed';

type Mode = 'open' | 'minimized' | 'closed';

function readClosed(): boolean {
  try {
    return window.sessionStorage.getItem(CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The floating Apply Today box: hidden until the page is scrolled past 300 px, then open,
 * minimized to an icon or closed. Closed stays closed for the visit (sessionStorage). It floats above the page
 * (position fixed), so showing it never shifts the layout. The landing page loads this module the first time the
 * page passes the threshold, so neither it nor framer-motion's `m` is part of the page's first download.
 */
export default function StickyApplyBox() {
  const isPastThreshold = useScrolledPast(STICKY_BOX_THRESHOLD_PX);
  const [mode, setMode] = useState<Mode>('open');
  useEffect(() => {
    if (readClosed()) setMode('closed');
  }, []);

  function close() {
    setMode('closed');
    try {
      window.sessionStorage.setItem(CLOSED_KEY, '1');
    } catch {
      // Private modes may refuse storage: it then stays closed for this page only.
    }
  }

  const isVisible = isPastThreshold && mode !== 'closed';
  return (
    <MotionProvider>
      <AnimatePresence>
        {isVisible && (
          <Box asChild position="fixed" left={{ base: '3', md: '6' }} bottom={{ base: '3', md: '6' }} zIndex="docked">
            <m.div
              key="apply-box"
              role="region"
              aria-label="Apply Today"
              initial={{ opacity: 0, y: 24 }}
              animate={{ opacity: 1, y: 0 }}
              exit={{ opacity: 0, y: 24 }}
              transition={{ duration: 0.2 }}
            >
              {mode === 'minimized' ? (
                <IconButton
                  aria-label="Expand Apply Today box"
                  size="xl"
                  borderRadius="full"
                  bg="gold.400"
                  color="brand.950"
                  shadow="lg"
                  _hover={{ bg: 'gold.500' }}
                  onClick={() => setMode('open')}
                >
                  <SiteIcon name="dollar" />
                </IconButton>
              ) : (
                <Box
                  bg="white"
                  borderRadius="xl"
                  shadow="2xl"
                  borderWidth="1px"
                  borderTopWidth="4px"
                  borderTopColor="gold.400"
                  p="4"
                  w={{ base: '72', md: '80' }}
                >
                  <HStack justify="space-between" align="flex-start" mb="1">
                    <Heading as="h2" size="md" color="brand.800">
                      Apply Today
                    </Heading>
                    <HStack gap="1" mt="-1" me="-1">
                      <IconButton
                        aria-label="Minimize Apply Today box"
                        size="xs"
                        variant="ghost"
                        onClick={() => setMode('minimized')}
                      >
                        <SiteIcon name="minus" size={16} />
                      </IconButton>
                      <IconButton aria-label="Close Apply Today box" size="xs" variant="ghost" onClick={close}>
                        <SiteIcon name="close" size={16} />
                      </IconButton>
                    </HStack>
                  </HStack>
                  <Text fontWeight="semibold">Get up to $5M in 24 hours</Text>
                  <Button asChild colorPalette="brand" w="full" mt="3">
                    <Link to={paths.apply}>Get My Money</Link>
                  </Button>
                  <Text fontSize="xs" color="fg.muted" mt="2" textAlign="center">
                    Same-day approval guaranteed
                  </Text>
                </Box>
              )}
            </m.div>
          </Box>
        )}
      </AnimatePresence>
    </MotionProvider>
  );
}
