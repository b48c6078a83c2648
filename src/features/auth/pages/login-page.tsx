import { Box, Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { lender } from '@/config/lender';
import { paths } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { usePageMeta } from '@/hooks/use-page-meta';
import { ResendClaimForm } from '@/components/resend-claim-form';
import { safeReturnTo } from '@shared/schemas/auth';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { LoginForm } from '../components/login-form';

/** The account access page: a choice, the login form, and the forgot-password dialog. */
export default function LoginPage() {
  usePageMeta('Log In', 'Sign in to track your applications, accept offers and manage your funding.');
  const [step, setStep] = useState<'choice' | 'login' | 'resend'>('choice');
  const [isForgotOpen, setForgotOpen] = useState(false);
  const [typedEmail, setTypedEmail] = useState('');
  const auth = useAuth();
  // Someone already signed in when the page opened goes to their area; a login made here navigates by itself.
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    if (arrivedSignedIn === null && !auth.isLoading) setArrivedSignedIn(auth.isAuthenticated);
  }, [arrivedSignedIn, auth.isLoading, auth.isAuthenticated]);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnTo(searchParams.get('returnTo'), '');
  if (arrivedSignedIn && auth.user) {
    return <Navigate to={returnTo || (auth.isStaff ? paths.admin : paths.clientPortal)} replace />;
  }

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Card.Root>
        <Card.Body>
          <Stack gap="6">
            <Box textAlign="center">
              <Heading as="h1" size="2xl">
                {step === 'choice' ? 'Welcome' : step === 'login' ? 'Log In' : 'Find Your Application'}
              </Heading>
              <Text color="fg.muted" mt="1">
                {step === 'choice'
                  ? `Access your ${lender.brandName} account`
                  : step === 'login'
                    ? 'Sign in to your account'
                    : 'We will email you a new link to your application'}
              </Text>
            </Box>
            {step === 'choice' ? (
              <Stack gap="3">
                <Button colorPalette="brand" size="lg" onClick={() => setStep('login')}>
                  Log In to Your Account
                </Button>
                <Button asChild variant="outline" size="lg" colorPalette="brand">
                  <Link to={paths.apply}>Create account by applying</Link>
                </Button>
                <Button variant="ghost" size="lg" colorPalette="brand" onClick={() => setStep('resend')}>
                  Already applied? Use the link we emailed you
                </Button>
              </Stack>
            ) : step === 'resend' ? (
              <>
                <ResendClaimForm intro="Your application email has a link to see your decision and create your account. Lost it or it expired? Enter the email you applied with." />
                <Button variant="ghost" size="sm" onClick={() => setStep('choice')}>
                  Back
                </Button>
              </>
            ) : (
              <>
                <LoginForm
                  texts={{
                    successTitle: 'Welcome back!',
                    failureTitle: 'Login failed',
                    failureFallback: 'An error occurred. Please try again.',
                  }}
                  onSuccess={(result) =>
                    navigate(returnTo && !result.mfaEnrollmentRequired ? returnTo : result.redirectTo)
                  }
                  onForgotPassword={(email) => {
                    setTypedEmail(email);
                    setForgotOpen(true);
                  }}
                />
                <Button variant="ghost" size="sm" onClick={() => setStep('choice')}>
                  Back
                </Button>
              </>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setForgotOpen} initialEmail={typedEmail} />
    </Container>
  );
}
