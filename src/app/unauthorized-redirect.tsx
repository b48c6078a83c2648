import { Center, Spinner } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { toaster, whenToasterShown } from '@/components/ui/toaster';
import { paths } from '@/config/paths';

// Signed-in : the 'Unauthorized' toast, then the login navigation after 500 ms.
const REDIRECT_DELAY_MS = 500;
// The viewport's code failing to load must not keep the visitor here.
const VIEWPORT_WAIT_MS = 3000;

export function UnauthorizedRedirect() {
  const location = useLocation();
  useEffect(() => {
    toaster.create({ type: 'error', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
    // The 500 ms count from when the toast shows: the notification viewport loads on demand (toaster.tsx).
    let timer: number | undefined;
    let isCancelled = false;
    const shownOrLate = new Promise((resolve) => window.setTimeout(resolve, VIEWPORT_WAIT_MS));
    void Promise.race([whenToasterShown(), shownOrLate]).then(() => {
      if (isCancelled) return;
      timer = window.setTimeout(() => {
        window.location.assign(`${paths.apiLogin}?returnTo=${encodeURIComponent(location.pathname)}`);
      }, REDIRECT_DELAY_MS);
    });
    return () => {
      isCancelled = true;
      window.clearTimeout(timer);
    };
  }, [location.pathname]);
  return (
    <Center py="24">
      <Spinner size="lg" color="brand.solid" aria-label="Redirecting to login" />
    </Center>
  );
}
