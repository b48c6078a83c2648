import { Box, Button, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { apiFetch, getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { isValidEmail } from '@shared/email';

const INVALID_EMAIL = 'Please enter a valid email address.';

/** Get Early Access: the mailing-list signup. */
export function EmailSignup() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const signup = useMutation({
    mutationFn: (input: { email: string }) =>
      apiFetch<{ success: true; message: string }>('/api/email-signup', { method: 'POST', body: input }),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(INVALID_EMAIL);
      return;
    }
    signup.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          setEmail('');
          // The staff list, whether read through tRPC or the spec's GET /api/email-signups.
          void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.application.site.emailSignups) });
          void queryClient.invalidateQueries({ queryKey: ['/api/email-signups'] });
          toaster.create({
            type: 'success',
            title: 'Success!',
            description: "You've been added to our mailing list. We'll keep you posted about our lending products.",
          });
        },
        onError: (failure) => {
          toaster.create({
            type: 'error',
            title: 'Error',
            description: getErrorMessage(failure, 'Failed to sign up. Please try again.'),
          });
        },
      },
    );
  }

  return (
    <Box as="section" aria-labelledby="early-access-heading" bg="brand.50" py={{ base: '14', md: '20' }}>
      <Container maxW="3xl" px={{ base: '4', md: '6' }} textAlign="center">
        <Text fontSize="sm" fontWeight="bold" letterSpacing="wider" textTransform="uppercase" color="brand.600">
          Stay in the Loop
        </Text>
        <Heading as="h2" id="early-access-heading" size={{ base: '2xl', md: '3xl' }} mt="3">
          Get Early Access
        </Heading>
        <Text mt="3" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          Be the first to hear about new lending products, rates and funding tips for your business.
        </Text>
        <Box asChild mt="8">
          <form onSubmit={handleSubmit} noValidate aria-label="Mailing list signup">
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align="flex-start" maxW="xl" mx="auto">
              <Field.Root required invalid={Boolean(error)} flex="1">
                <Field.Label srOnly>Email address</Field.Label>
                <Input
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder="Enter your email address"
                  size="lg"
                  bg="white"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setError(null);
                  }}
                />
                {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
              </Field.Root>
              <Button
                type="submit"
                size="lg"
                colorPalette="brand"
                loading={signup.isPending}
                loadingText="Joining..."
                w={{ base: 'full', sm: 'auto' }}
              >
                Join the List
              </Button>
            </Stack>
            <Text fontSize="xs" color="fg.muted" mt="3">
              No spam. Unsubscribe at any time.
            </Text>
          </form>
        </Box>
      </Container>
    </Box>
  );
}
