import {
  Alert,
  Box,
  Button,
  Card,
  Code,
  Container,
  Field,
  Heading,
  Image,
  Input,
  List,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { toDataURL } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';

/** The base32 key in groups of four, easier to type into an authenticator app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * First staff login (PRODUCT.md 2): the session has no staff rights until an authenticator app is enrolled.
 * Shows the QR code and setup key, confirms a first code, then hands the one-time recovery codes up.
 */
export function TotpEnrollment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = trpc.auth.totpSetup.useMutation();
  const enable = trpc.auth.totpEnable.useMutation();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const uri = setup.data?.uri;

  useEffect(() => {
    if (!uri) return;
    let isCurrent = true;
    toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: 'M' })
      .then((url) => isCurrent && setQr(url))
      .catch(() => isCurrent && setQr(null));
    return () => {
      isCurrent = false;
    };
  }, [uri]);

  async function handleVerify(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!/^\d{6}$/.test(trimmed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    try {
      const result = await enable.mutateAsync({ code: trimmed });
      onEnabled(result.recoveryCodes);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Invalid verification code'));
    }
  }

  return (
    <Container maxW="2xl" py={{ base: '8', md: '14' }}>
      <Card.Root>
        <Card.Body>
          <Stack gap="6">
            <Box>
              <Heading as="h1" size="2xl">
                Set up two-factor authentication
              </Heading>
              <Text color="fg.muted" mt="2">
                Staff accounts need an authenticator app (such as Google Authenticator, 1Password or Authy). Until it is
                set up, this session cannot open the back office.
              </Text>
            </Box>
            {!setup.data ? (
              <Stack gap="3" align="flex-start">
                {setup.isError && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{getErrorMessage(setup.error)}</Alert.Title>
                  </Alert.Root>
                )}
                <Button colorPalette="brand" loading={setup.isPending} onClick={() => setup.mutate()}>
                  Begin Setup
                </Button>
              </Stack>
            ) : (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
                <Stack gap="3" align="center">
                  {qr ? (
                    <Image
                      src={qr}
                      alt="QR code to add this account to your authenticator app"
                      width="220px"
                      height="220px"
                    />
                  ) : (
                    <Box width="220px" height="220px" bg="bg.muted" rounded="md" />
                  )}
                  <Text fontSize="sm" color="fg.muted" textAlign="center">
                    Scan the code, or enter this setup key:
                  </Text>
                  <Code
                    fontSize="md"
                    px="2"
                    py="1"
                    aria-label="Setup key"
                    data-testid="totp-secret"
                    wordBreak="break-all"
                  >
                    {groupSecret(setup.data.secretBase32)}
                  </Code>
                </Stack>
                <chakra.form onSubmit={handleVerify} noValidate>
                  <Stack gap="4">
                    <Field.Root required invalid={Boolean(error)}>
                      <Field.Label>6-digit code</Field.Label>
                      <Input
                        name="totpCode"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={6}
                        value={code}
                        onChange={(event) => {
                          setCode(event.target.value);
                          setError(null);
                        }}
                      />
                      <Field.HelperText>The code your app shows for Summit Funding.</Field.HelperText>
                      {error && <Field.ErrorText>{error}</Field.ErrorText>}
                    </Field.Root>
                    <Button type="submit" colorPalette="brand" loading={enable.isPending} loadingText="Verifying...">
                      Verify and Enable
                    </Button>
                  </Stack>
                </chakra.form>
              </SimpleGrid>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** Shown once, right after enrolment: the recovery codes are never displayed again. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [isSaved, setSaved] = useState(false);
  return (
    <Container maxW="2xl" py={{ base: '8', md: '14' }}>
      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            <Heading as="h1" size="2xl">
              Save your recovery codes
            </Heading>
            <Text color="fg.muted">
              Two-factor authentication is on. If you lose your authenticator app, each of these codes signs you in
              once. Store them somewhere safe: they will not be shown again.
            </Text>
            <List.Root
              as="ol"
              aria-label="Recovery codes"
              display="grid"
              gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}
              gap="2"
              ps="6"
              fontFamily="mono"
            >
              {codes.map((value) => (
                <List.Item key={value}>{value}</List.Item>
              ))}
            </List.Root>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button
                variant="outline"
                onClick={() => {
                  void navigator.clipboard?.writeText(codes.join('\n')).then(
                    () => setSaved(true),
                    () => undefined,
                  );
                }}
              >
                Copy codes
              </Button>
              <Button colorPalette="brand" onClick={onDone}>
                {isSaved ? 'Copied — Continue to Dashboard' : 'I have saved them — Continue'}
              </Button>
            </Stack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** An enrolled staff member whose session skipped the code step (e.g. an old session): sign in again. */
export function CodeStepRequired() {
  return (
    <Container maxW="xl" py="16">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Verification needed</Alert.Title>
          <Alert.Description>
            Sign in again and enter the code from your authenticator app to open the back office.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button mt="4" colorPalette="brand" onClick={() => window.location.assign(paths.apiLogout)}>
        Log Out and Sign In Again
      </Button>
    </Container>
  );
}
