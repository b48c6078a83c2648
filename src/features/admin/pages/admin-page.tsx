import { Center, Spinner } from '@chakra-ui/react';
import { useState } from 'react';
import { useAuth, useRefreshAuth } from '@/hooks/use-auth';
import { usePageMeta } from '@/hooks/use-page-meta';
import { AdminDashboard } from '../components/admin-dashboard';
import { CodeStepRequired, RecoveryCodes, TotpEnrollment, TwoFactorSettings } from '../components/totp-enrollment';

/**
 * /admin (staff only). Until the second factor has passed in this session the server grants no staff rights,
 * so the page shows the enrolment (first login) or asks to sign in again with the code.
 */
export default function AdminPage() {
  usePageMeta('Admin Dashboard');
  const { user } = useAuth();
  const refreshAuth = useRefreshAuth();
  // Held here so the codes stay on screen after the session becomes verified.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (!user) {
    return (
      <Center py="24">
        <Spinner size="lg" color="brand.solid" aria-label="Loading" />
      </Center>
    );
  }
  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          void refreshAuth().then(() => setRecoveryCodes(null));
        }}
      />
    );
  }
  if (!user.mfaVerified)
    return user.totpEnabled ? <CodeStepRequired /> : <TotpEnrollment onEnabled={setRecoveryCodes} />;
  return (
    <>
      <AdminDashboard user={user} />
      <TwoFactorSettings onRecoveryCodes={setRecoveryCodes} />
    </>
  );
}
