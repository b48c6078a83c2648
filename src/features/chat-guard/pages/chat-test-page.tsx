import { Box, Button, Container, Field, Grid, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { usePageMeta } from '@/hooks/use-page-meta';
import { CHAT_MESSAGE_MAX_CHARS } from '@shared/schemas/chat-guard';
import { ChatMessages } from '../components/chat-messages';
import { GuardPanel } from '../components/guard-panel';
import { GuardStatusCard } from '../components/guard-status-card';
import { useChatGuard } from '../hooks/use-chat-guard';
import { messagePlaceholder } from '../utils/guard-text';

/** /chat-test: exercises the assistant chat and its loop guard (signed-in spec, Chat test page). */
export default function ChatTestPage() {
  usePageMeta('Chat Test', 'Try the Summit Funding assistant and its repeated-message guard.');
  const guard = useChatGuard();
  const [draft, setDraft] = useState('');
  const canSend = guard.guardState === 'NORMAL' && !guard.isSending;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    if (await guard.sendMessage(draft)) setDraft('');
  }

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="2" mb="8">
        <Heading as="h1" size="2xl">
          Chat Test
        </Heading>
        <Text color="fg.muted">
          Ask about funding amounts, terms, requirements, timing, documents, products or rates. Repeating the same
          message triggers the loop guard.
        </Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap="6" alignItems="start">
        <Stack gap="4">
          <GuardStatusCard state={guard.guardState} session={guard.session} />
          <Stack gap="2" role="group" aria-label="Tests">
            <Button colorPalette="brand" variant="outline" onClick={guard.runLoopTest} disabled={guard.isSending}>
              Test FUND WEEKLY Loop (5x)
            </Button>
            <Button variant="outline" onClick={guard.sendNormalTest} disabled={guard.isSending}>
              Test Normal Message
            </Button>
            <Button variant="ghost" onClick={guard.clearChat}>
              Clear Chat
            </Button>
          </Stack>
        </Stack>
        <Stack gap="4" minW="0">
          <ChatMessages messages={guard.messages} />
          <GuardPanel
            state={guard.guardState}
            challenge={guard.challenge}
            answer={guard.answer}
            onAnswerChange={guard.setAnswer}
            onVerify={guard.verifyHuman}
            isVerifying={guard.isVerifying}
            remainingMuteSeconds={guard.session?.remainingMuteSeconds ?? null}
            totalViolations={guard.session?.totalViolations ?? 0}
          />
          <form onSubmit={handleSubmit} noValidate>
            <HStack align="flex-end" gap="2">
              <Field.Root flex="1" disabled={!canSend}>
                <Field.Label srOnly>Message</Field.Label>
                <Input
                  name="message"
                  autoComplete="off"
                  maxLength={CHAT_MESSAGE_MAX_CHARS}
                  placeholder={messagePlaceholder(guard.guardState, guard.isSending)}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                />
              </Field.Root>
              <Box>
                <Button type="submit" colorPalette="brand" disabled={!canSend}>
                  Send
                </Button>
              </Box>
            </HStack>
          </form>
        </Stack>
      </Grid>
    </Container>
  );
}
