import { Alert, Button, Field, Heading, HStack, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { GuardState } from '@shared/constants';
import type { PendingChallenge } from '../hooks/use-chat-guard';
import { isTimedMute, minutesLabel, muteMinutes } from '../utils/guard-text';

type Props = {
  state: GuardState;
  challenge: PendingChallenge;
  answer: string;
  onAnswerChange: (value: string) => void;
  onVerify: () => void;
  isVerifying: boolean;
  remainingMuteSeconds: number | null;
  totalViolations: number;
};

/** The panel for the current guard state: verification, temporary mute or permanent mute (none in NORMAL). */
export function GuardPanel(props: Props) {
  const { state } = props;
  if (state === 'CHALLENGE') {
    return (
      <Panel status="warning" title="Human Verification Required">
        <Text>Repeated messages were detected. Please answer this question to continue chatting.</Text>
        <VerifyForm {...props} />
      </Panel>
    );
  }
  if (isTimedMute(state)) {
    const minutes = muteMinutes(props.remainingMuteSeconds ?? 0);
    return (
      <Panel status="error" title="Temporarily Muted">
        <Text>
          Time remaining:{' '}
          <Text as="strong" fontWeight="semibold">
            {minutes > 0 ? minutesLabel(minutes) : 'less than a minute'}
          </Text>
        </Text>
        <Text>Verify that you are human to continue sooner:</Text>
        <VerifyForm {...props} />
        <Text fontSize="sm" color="fg.muted">
          Or simply wait: sending is re-enabled automatically when the mute expires.
        </Text>
      </Panel>
    );
  }
  if (state === 'PERMANENTLY_MUTED') {
    return (
      <Panel status="error" title="Account Permanently Muted">
        <Text>
          This session has been permanently muted for automated behavior after{' '}
          <Text as="strong" fontWeight="semibold">
            {props.totalViolations} {props.totalViolations === 1 ? 'violation' : 'violations'}
          </Text>
          .
        </Text>
        <Text>
          If you believe this is a mistake, please{' '}
          <ChakraLink asChild color="brand.fg" textDecoration="underline">
            <Link to={paths.contact}>contact support</Link>
          </ChakraLink>
          , or refresh the page to start a new session.
        </Text>
      </Panel>
    );
  }
  return null;
}

function Panel({ status, title, children }: { status: 'warning' | 'error'; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Alert.Root status={status} as="section" aria-labelledby={headingId} alignItems="flex-start">
      <Alert.Indicator mt="1" />
      <Alert.Content>
        <Stack gap="3" w="full">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          {children}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}

function VerifyForm({ challenge, answer, onAnswerChange, onVerify, isVerifying }: Props) {
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onVerify();
  }
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="2">
        <Text fontSize="xl" fontWeight="bold" aria-live="polite">
          {challenge.question}
        </Text>
        <HStack align="flex-end" gap="3" wrap="wrap">
          <Field.Root maxW="40">
            <Field.Label>Your answer</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              name="answer"
              autoComplete="off"
              bg="white"
              value={answer}
              onChange={(event) => onAnswerChange(event.target.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={isVerifying} loadingText="Verifying...">
            Verify Human
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
