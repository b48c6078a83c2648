import { Box, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { LazyMotion, domAnimation, m, useReducedMotion } from 'framer-motion';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { formatCalendarDate, formatUsd } from '@shared/format';
import type { ClientLoan } from '../types';

// The logo for about 2 seconds, then a checkmark, complete at 3 seconds.
const CHECK_AT_MS = 2000;
const COMPLETE_AT_MS = 3000;

type Phase = 'logo' | 'check' | 'complete';

/** The funding-accepted animation. With reduced motion it opens on the finished state, without movement. */
export function FundingAcceptedDialog({
  loan,
  onClose,
  loansHref,
}: {
  loan: ClientLoan | null;
  onClose: () => void;
  /** Where "View My Loans" goes. */
  loansHref: string;
}) {
  return (
    <Dialog.Root
      open={loan !== null}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" maxW="md">
            {loan && <Sequence key={loan.id} loan={loan} onClose={onClose} loansHref={loansHref} />}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Sequence({ loan, onClose, loansHref }: { loan: ClientLoan; onClose: () => void; loansHref: string }) {
  const isReduced = useReducedMotion() ?? false;
  const [phase, setPhase] = useState<Phase>(isReduced ? 'complete' : 'logo');

  useEffect(() => {
    if (isReduced) {
      setPhase('complete');
      return;
    }
    const toCheck = window.setTimeout(() => setPhase('check'), CHECK_AT_MS);
    const toComplete = window.setTimeout(() => setPhase('complete'), COMPLETE_AT_MS);
    return () => {
      window.clearTimeout(toCheck);
      window.clearTimeout(toComplete);
    };
  }, [isReduced]);

  const isComplete = phase === 'complete';
  return (
    <LazyMotion features={domAnimation} strict>
      <Dialog.Body pt="8" pb="4">
        <Stack align="center" gap="5" textAlign="center">
          <Box h="24" display="flex" alignItems="center" justifyContent="center" aria-hidden="true">
            {phase === 'logo' ? (
              <m.div
                initial={{ opacity: 0, scale: 0.6 }}
                animate={{ opacity: 1, scale: [0.6, 1.08, 1] }}
                transition={{ duration: 1.2, ease: 'easeOut' }}
              >
                <Logo />
              </m.div>
            ) : (
              <Checkmark animate={!isReduced} />
            )}
          </Box>
          <Dialog.Title fontSize="2xl">{isComplete ? 'Funding Accepted!' : 'Accepting your funding...'}</Dialog.Title>
          <Box aria-live="polite" minH="16">
            {isComplete ? (
              <Stack gap="2">
                <Text>
                  Congratulations! Your {formatUsd(loan.principal)} funding for {loan.businessName} is on its way.
                </Text>
                <Text fontWeight="semibold">A representative will reach out within 24 hours.</Text>
                <Text color="fg.muted" fontSize="sm">
                  Funds are deposited within 24-48 hours of document completion. Your first weekly payment of{' '}
                  {formatUsd(loan.weeklyPayment)} is due {formatCalendarDate(loan.firstPaymentDate)}.
                </Text>
              </Stack>
            ) : (
              <Text color="fg.muted">{phase === 'logo' ? 'Setting up your loan...' : 'Almost done...'}</Text>
            )}
          </Box>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="center" gap="3" pb="6">
        {isComplete && (
          <>
            <Button asChild colorPalette="brand">
              <Link to={loansHref} onClick={onClose}>
                View My Loans
              </Link>
            </Button>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </>
        )}
      </Dialog.Footer>
    </LazyMotion>
  );
}

function Checkmark({ animate }: { animate: boolean }) {
  return (
    <m.svg
      width="88"
      height="88"
      viewBox="0 0 88 88"
      initial={animate ? { scale: 0.7, opacity: 0 } : false}
      animate={{ scale: 1, opacity: 1 }}
      transition={{ duration: 0.3 }}
    >
      <circle cx="44" cy="44" r="40" fill="#e6f4ea" stroke="#2f855a" strokeWidth="4" />
      <m.path
        d="M26 45 L39 58 L63 32"
        fill="none"
        stroke="#2f855a"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
        initial={animate ? { pathLength: 0 } : false}
        animate={{ pathLength: 1 }}
        transition={{ duration: 0.6, ease: 'easeInOut', delay: 0.1 }}
      />
    </m.svg>
  );
}
