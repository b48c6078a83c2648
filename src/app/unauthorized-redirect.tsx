import { Center, Spinner } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';

// Signed-in spec §8: the 'Unauthorized' toast, then the login navigation after 500 ms.
const REDIRECT_DELAY_MS = 500;

export function UnauthorizedRedirect() {
  const location = useLocation();
  useEffect(() => {
    toaster.create({ type: 'error', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
    const timer = window.setTimeout(() => {
      window.location.assign(`${paths.apiLogin}?returnTo=${encodeURIComponent(location.pathname)}`);
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.pathname]);
  return (
    <Center py="24">
      <Spinner size="lg" color="brand.solid" aria-label="Redirecting to login" />
    </Center>
  );
}
