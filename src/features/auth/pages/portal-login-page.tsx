import { Card, Container, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/hooks/use-page-meta';
import { LoginForm } from '../components/login-form';

/** /client-portal when signed out: the portal's own login form. */
export default function PortalLoginPage() {
  usePageMeta('Client Portal', 'Log in to your Summit Funding client portal.');
  const navigate = useNavigate();
  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Card.Root>
        <Card.Body>
          <Stack gap="6">
            <Stack gap="1" textAlign="center">
              <Heading as="h1" size="2xl">
                Client Portal
              </Heading>
              <Text color="fg.muted">Log in to track your applications and funding.</Text>
            </Stack>
            <LoginForm
              texts={{
                successTitle: 'Login Successful',
                successDescription: 'Welcome back to your client portal!',
                failureTitle: 'Login Failed',
                failureFallback: 'Invalid email or password',
              }}
              onSuccess={(result) => navigate(result.redirectTo === paths.admin ? paths.admin : paths.clientPortal)}
            />
            <Text textAlign="center" fontSize="sm" color="fg.muted">
              New here?{' '}
              <ChakraLink asChild color="brand.700" fontWeight="semibold">
                <Link to={paths.apply}>Apply for funding</Link>
              </ChakraLink>
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
