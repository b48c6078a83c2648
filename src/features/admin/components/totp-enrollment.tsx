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
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { PasswordInput } from '@/components/password-input';
import { paths } from '@/config/paths';
import { firstFieldErrors, firstIssueMessages, getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { regenerateRecoveryCodesSchema, totpEnableSchema } from '@shared/schemas/auth';

/** The base32 key in groups of four, easier to type into an authenticator app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

type ProofErrors = Partial<Record<'code' | 'currentCode' | 'password' | 'form', string>>;
const PROOF_FIELDS = ['code', 'currentCode', 'password'] as const;

/** The server's per-field messages for a refused call, else its message for the whole form. */
function proofErrors(failure: unknown, fallback: string): ProofErrors {
  const fields = firstFieldErrors(failure, PROOF_FIELDS);
  return Object.keys(fields).length > 0 ? fields : { form: getErrorMessage(failure, fallback) };
}

/** Fields that prove the account's owner is here: the password and a current code (or a recovery code). */
function ProofFields(props: {
  password: string;
  currentCode: string;
  errors: ProofErrors;
  onPassword: (value: string) => void;
  onCurrentCode: (value: string) => void;
}) {
  return (
    <>
      <Field.Root required invalid={Boolean(props.errors.password)}>
        <Field.Label>
          Your password <Field.RequiredIndicator />
        </Field.Label>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={props.password}
          onChange={(event) => props.onPassword(event.target.value)}
        />
        {props.errors.password && <Field.ErrorText>{props.errors.password}</Field.ErrorText>}
      </Field.Root>
      <Field.Root required invalid={Boolean(props.errors.currentCode)}>
        <Field.Label>
          Current code or recovery code <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="currentCode"
          autoComplete="one-time-code"
          maxLength={10}
          value={props.currentCode}
          onChange={(event) => props.onCurrentCode(event.target.value)}
        />
        <Field.HelperText>From the authenticator app you use now, or one of your recovery codes.</Field.HelperText>
        {props.errors.currentCode && <Field.ErrorText>{props.errors.currentCode}</Field.ErrorText>}
      </Field.Root>
    </>
  );
}

/** What the browser can tell before asking the server, by the server's own schema: the first message per field. */
function checkProof(
  schema: typeof totpEnableSchema | typeof regenerateRecoveryCodesSchema,
  input: object,
): ProofErrors {
  const result = schema.safeParse(input);
  return result.success ? {} : firstIssueMessages(result.error.issues, PROOF_FIELDS);
}

/**
 * The password and current code a form asks for, and the form's errors (each edit clears them). `submit` checks the
 * input by the server's schema first, then sends it, and hands the new recovery codes to `onRecoveryCodes`; a refusal
 * shows the server's messages.
 */
function useProof(onRecoveryCodes: (codes: string[]) => void) {
  const [password, setPassword] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const [errors, setErrors] = useState<ProofErrors>({});
  const clearing = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
  };
  async function submit(
    event: FormEvent,
    schema: Parameters<typeof checkProof>[0],
    input: object,
    send: () => Promise<{ recoveryCodes: string[] }>,
    fallback: string,
  ) {
    event.preventDefault();
    const found = checkProof(schema, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await send();
      onRecoveryCodes(result.recoveryCodes);
    } catch (failure) {
      setErrors(proofErrors(failure, fallback));
    }
  }
  return {
    password,
    currentCode,
    errors,
    clearErrors: () => setErrors({}),
    onPassword: clearing(setPassword),
    onCurrentCode: clearing(setCurrentCode),
    submit,
  };
}

/** A page of its own: one card in a centred column. */
function CardPage({ maxW, children }: { maxW: string; children: ReactNode }) {
  return (
    <Container maxW={maxW} py={{ base: '8', md: '14' }}>
      <Card.Root>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Container>
  );
}

/** Leaves the form without a change (none when there is nowhere to go back to). */
function CancelButton({ onCancel }: { onCancel?: () => void }) {
  if (!onCancel) return null;
  return (
    <Button variant="outline" onClick={onCancel}>
      Cancel
    </Button>
  );
}

/** The message for the whole form, when the server refused it as a whole. */
function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * Enrols an authenticator app: shows the QR code and setup key, confirms a first code, then hands the one-time
 * recovery codes up. On a first staff login the session has no staff rights until this is done. `replacing`: the
 * account already has one, so the password and a current code (or a recovery code) are asked for too; the server
 * then signs out every other device and emails the staff member.
 */
export function TotpEnrollment({
  onEnabled,
  replacing = false,
  onCancel,
}: {
  onEnabled: (recoveryCodes: string[]) => void;
  replacing?: boolean;
  onCancel?: () => void;
}) {
  const setup = trpc.auth.totpSetup.useMutation();
  const enable = trpc.auth.totpEnable.useMutation();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const proof = useProof(onEnabled);
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

  function handleVerify(event: FormEvent) {
    const proven = replacing ? { currentCode: proof.currentCode.trim(), password: proof.password } : {};
    const input = { code: code.trim(), ...proven };
    return proof.submit(event, totpEnableSchema, input, () => enable.mutateAsync(input), 'Invalid verification code');
  }

  return (
    <CardPage maxW="2xl">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            {replacing ? 'Replace your authenticator app' : 'Set up two-factor authentication'}
          </Heading>
          <Text color="fg.muted" mt="2">
            {replacing
              ? 'Add the new app with the code below, then confirm with your password and a code from the app you use now (or a recovery code). Every other device signed in to this account will be signed out, and we will email you.'
              : 'Staff accounts need an authenticator app (such as Google Authenticator, 1Password or Authy). Until it is set up, this session cannot open the back office.'}
          </Text>
        </Box>
        {!setup.data ? (
          <Stack gap="3" align="flex-start">
            {setup.isError && <FormError message={getErrorMessage(setup.error)} />}
            <Stack direction="row" gap="3">
              <Button colorPalette="brand" loading={setup.isPending} onClick={() => setup.mutate()}>
                Begin Setup
              </Button>
              <CancelButton onCancel={onCancel} />
            </Stack>
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
              <Code fontSize="md" px="2" py="1" aria-label="Setup key" data-testid="totp-secret" wordBreak="break-all">
                {groupSecret(setup.data.secretBase32)}
              </Code>
            </Stack>
            <chakra.form onSubmit={handleVerify} noValidate>
              <Stack gap="4">
                <FormError message={proof.errors.form} />
                <Field.Root required invalid={Boolean(proof.errors.code)}>
                  <Field.Label>{replacing ? '6-digit code from the new app' : '6-digit code'}</Field.Label>
                  <Input
                    name="totpCode"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={code}
                    onChange={(event) => {
                      setCode(event.target.value);
                      proof.clearErrors();
                    }}
                  />
                  <Field.HelperText>The code your app shows for Summit Funding.</Field.HelperText>
                  {proof.errors.code && <Field.ErrorText>{proof.errors.code}</Field.ErrorText>}
                </Field.Root>
                {replacing && <ProofFields {...proof} />}
                <Button type="submit" colorPalette="brand" loading={enable.isPending} loadingText="Verifying...">
                  {replacing ? 'Verify and Replace' : 'Verify and Enable'}
                </Button>
                <CancelButton onCancel={onCancel} />
              </Stack>
            </chakra.form>
          </SimpleGrid>
        )}
      </Stack>
    </CardPage>
  );
}

/** Shown once, right after enrolment: the recovery codes are never displayed again. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [isSaved, setSaved] = useState(false);
  return (
    <CardPage maxW="2xl">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Save your recovery codes
        </Heading>
        <Text color="fg.muted">
          Two-factor authentication is on. If you lose your authenticator app, each of these codes signs you in once.
          Store them somewhere safe: they will not be shown again.
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
    </CardPage>
  );
}

/** New recovery codes, asked for with the password and a current code (or a recovery code). */
export function RegenerateRecoveryCodes({
  onDone,
  onCancel,
}: {
  onDone: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const regenerate = trpc.auth.recoveryCodesRegenerate.useMutation();
  const proof = useProof(onDone);

  function handleSubmit(event: FormEvent) {
    const input = { currentCode: proof.currentCode.trim(), password: proof.password };
    const failed = 'New recovery codes could not be made. Please try again.';
    return proof.submit(event, regenerateRecoveryCodesSchema, input, () => regenerate.mutateAsync(input), failed);
  }

  return (
    <CardPage maxW="xl">
      <chakra.form onSubmit={handleSubmit} noValidate>
        <Stack gap="5">
          <Heading as="h1" size="2xl">
            Make new recovery codes
          </Heading>
          <Text color="fg.muted">
            Your current recovery codes will stop working, every other device signed in to this account will be signed
            out, and we will email you.
          </Text>
          <FormError message={proof.errors.form} />
          <ProofFields {...proof} />
          <Stack direction="row" gap="3">
            <Button type="submit" colorPalette="brand" loading={regenerate.isPending} loadingText="Verifying...">
              Make New Codes
            </Button>
            <CancelButton onCancel={onCancel} />
          </Stack>
        </Stack>
      </chakra.form>
    </CardPage>
  );
}

/**
 * The signed-in staff member's second factor: replace the authenticator app, or make new recovery codes. Both
 * hand the new recovery codes up to be shown once.
 */
export function TwoFactorSettings({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const [mode, setMode] = useState<'replace' | 'recovery' | null>(null);
  if (mode === 'replace')
    return <TotpEnrollment replacing onEnabled={onRecoveryCodes} onCancel={() => setMode(null)} />;
  if (mode === 'recovery') return <RegenerateRecoveryCodes onDone={onRecoveryCodes} onCancel={() => setMode(null)} />;
  return (
    <Container maxW="7xl" pb="10">
      <Card.Root size="sm">
        <Card.Body>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between" align={{ md: 'center' }}>
            <Box>
              <Heading as="h2" size="md">
                Two-factor authentication
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                Lost your phone or used up your recovery codes? Both need your password and a current code.
              </Text>
            </Box>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button variant="outline" onClick={() => setMode('replace')}>
                Replace Authenticator App
              </Button>
              <Button variant="outline" onClick={() => setMode('recovery')}>
                Make New Recovery Codes
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
