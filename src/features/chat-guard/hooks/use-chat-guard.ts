import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import type { GuardState } from '@shared/constants';
import {
  chatMessageSchema,
  DEFAULT_CHALLENGE_QUESTION,
  GUARD_STATUS_POLL_MS,
  LOOP_TEST_INTERVAL_MS,
  LOOP_TEST_MESSAGE,
  LOOP_TEST_SENDS,
  NORMAL_TEST_MESSAGE,
  verifyChallengeSchema,
  type ChatReplyType,
} from '@shared/schemas/chat-guard';
import { blockedReplyOf, fetchGuardStatus, postChatMessage, postVerification, refusedVerificationOf } from '../api';
import { extractChallengeQuestion, rateLimitedDescription } from '../utils/guard-text';

/** A message of the local chat log (Chat). */
export type LocalChatMessage = {
  id: string;
  text: string;
  sender: 'user' | 'system';
  timestamp: Date;
  type: ChatReplyType;
  metadata?: { instructions?: string | null; remainingSeconds?: number | null };
};

export type PendingChallenge = { nonce: string | null; question: string };

const STATUS_KEY = ['chat-guard', 'status'] as const;
// The nonce survives a reload of this tab: the server shows it only once (it stores a hash).
const STORAGE_KEY = 'chat-guard:challenge';
const NO_CHALLENGE: PendingChallenge = { nonce: null, question: DEFAULT_CHALLENGE_QUESTION };
const storedChallengeSchema = z.object({ nonce: z.string().nullable(), question: z.string() });

function loadChallenge(): PendingChallenge {
  try {
    const result = storedChallengeSchema.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    return result.success ? result.data : NO_CHALLENGE;
  } catch {
    return NO_CHALLENGE;
  }
}

function storeChallenge(challenge: PendingChallenge | null) {
  try {
    if (challenge?.nonce) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(challenge));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the nonce then lives only in memory.
  }
}

// The toaster shows one notice at a time and queues the rest; on this page a newer notice replaces the
// older one instead (the loop test alone raises several), so the current one is never held back.
let lastToastId: string | undefined;
function notify(options: { type: 'success' | 'error' | 'warning'; title: string; description?: string }) {
  if (lastToastId) toaster.remove(lastToastId);
  lastToastId = toaster.create(options);
}

let messageCounter = 0;
function newMessage(message: Omit<LocalChatMessage, 'id' | 'timestamp'>): LocalChatMessage {
  messageCounter += 1;
  return { ...message, id: `message-${Date.now()}-${messageCounter}`, timestamp: new Date() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function typeForState(state: GuardState): ChatReplyType {
  if (state === 'PERMANENTLY_MUTED') return 'permanently_muted';
  if (state === 'MUTED_15MIN' || state === 'MUTED_60MIN') return 'muted';
  return state === 'CHALLENGE' ? 'challenge' : 'normal';
}

/** The chat test page's state: local log, guard state kept in step with the server, and the actions. */
export function useChatGuard() {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<LocalChatMessage[]>([]);
  const [guardState, setGuardState] = useState<GuardState>('NORMAL');
  // The loop test checks the state between sends, before React re-renders.
  const stateRef = useRef<GuardState>('NORMAL');
  const changedAt = useRef(0);
  const [challenge, setChallengeValue] = useState<PendingChallenge>(loadChallenge);
  const [answer, setAnswer] = useState('');
  const [isSending, setSending] = useState(false);
  const [isVerifying, setVerifying] = useState(false);

  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: async () => {
      const requestedAt = Date.now();
      return { requestedAt, ...(await fetchGuardStatus()) };
    },
    refetchInterval: GUARD_STATUS_POLL_MS,
    staleTime: 0,
  });

  const setChallenge = useCallback((next: PendingChallenge | null) => {
    setChallengeValue(next ?? NO_CHALLENGE);
    storeChallenge(next);
  }, []);

  /** A state the server just answered with; polls asked before this moment are stale. */
  const applyState = useCallback((state: GuardState) => {
    stateRef.current = state;
    changedAt.current = Date.now();
    setGuardState(state);
  }, []);

  const append = useCallback((message: Omit<LocalChatMessage, 'id' | 'timestamp'>) => {
    setMessages((previous) => [...previous, newMessage(message)]);
  }, []);

  const refreshStatus = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: STATUS_KEY });
  }, [queryClient]);

  // The server is the authority; when it reports NORMAL the local nonce and answer are cleared.
  useEffect(() => {
    const data = status.data;
    if (!data || data.requestedAt < changedAt.current) return;
    stateRef.current = data.session.state;
    setGuardState(data.session.state);
    if (data.session.state === 'NORMAL') {
      setChallenge(null);
      setAnswer('');
    }
  }, [status.data, setChallenge]);

  /** Sends one message; throws for the caller to report (spec: 'Cannot send message in {state} state'). */
  const send = useCallback(
    async (raw: string) => {
      const parsed = chatMessageSchema.safeParse({ message: raw });
      if (!parsed.success) {
        if (!raw.trim()) return; // empty or whitespace-only: not sent
        throw new Error(parsed.error.issues[0]?.message ?? 'Invalid message');
      }
      const current = stateRef.current;
      if (current !== 'NORMAL') throw new Error(`Cannot send message in ${current} state`);
      append({ sender: 'user', text: parsed.data.message, type: 'normal' });
      try {
        const reply = await postChatMessage(parsed.data.message);
        const { type, message, instructions, remainingSeconds } = reply.response;
        append({ sender: 'system', text: message, type, metadata: { instructions, remainingSeconds } });
        applyState(reply.state);
        if (type !== 'normal') {
          setChallenge({
            nonce: reply.metadata.nonce,
            question: extractChallengeQuestion(message) ?? DEFAULT_CHALLENGE_QUESTION,
          });
        }
      } catch (error) {
        const blocked = blockedReplyOf(error);
        if (!blocked) throw error;
        applyState(blocked.state);
        if (blocked.nonce) {
          setChallenge({
            nonce: blocked.nonce,
            question: extractChallengeQuestion(blocked.message) ?? DEFAULT_CHALLENGE_QUESTION,
          });
        }
        append({ sender: 'system', text: blocked.message, type: typeForState(blocked.state) });
        notify({
          type: 'warning',
          title: 'Rate Limited',
          description: rateLimitedDescription(blocked.state, Boolean(blocked.nonce), blocked.message),
        });
      } finally {
        refreshStatus();
      }
    },
    [append, applyState, refreshStatus, setChallenge],
  );

  const reportChatError = useCallback((error: unknown) => {
    notify({ type: 'error', title: 'Chat Error', description: getErrorMessage(error, 'Failed to send message') });
  }, []);

  /** Sends what the visitor typed; true when it went out (so the input can be cleared). */
  const sendMessage = useCallback(
    async (text: string): Promise<boolean> => {
      if (!text.trim()) return false; // an empty or whitespace-only message is not sent
      setSending(true);
      try {
        await send(text);
        return true;
      } catch (error) {
        reportChatError(error);
        return false;
      } finally {
        setSending(false);
      }
    },
    [send, reportChatError],
  );

  /** 'Test FUND WEEKLY Loop (5x)': the same message 5 times, 200 ms apart (each after the previous answer). */
  const runLoopTest = useCallback(async () => {
    setSending(true);
    try {
      for (let index = 0; index < LOOP_TEST_SENDS; index += 1) {
        if (index > 0) await sleep(LOOP_TEST_INTERVAL_MS);
        try {
          await send(LOOP_TEST_MESSAGE);
        } catch (error) {
          reportChatError(error);
        }
      }
    } finally {
      setSending(false);
    }
  }, [send, reportChatError]);

  const sendNormalTest = useCallback(() => sendMessage(NORMAL_TEST_MESSAGE), [sendMessage]);

  const verifyHuman = useCallback(async () => {
    const text = answer.trim();
    if (!text) return; // an empty answer is not sent
    if (!challenge.nonce) {
      notify({ type: 'error', title: 'Unable to verify - please refresh the page and try again' });
      return;
    }
    const parsed = verifyChallengeSchema.safeParse({ nonce: challenge.nonce, answer: text });
    if (!parsed.success) {
      notify({
        type: 'error',
        title: 'Verification Failed',
        description: parsed.error.issues[0]?.message ?? 'Incorrect answer',
      });
      return;
    }
    setVerifying(true);
    try {
      const result = await postVerification(parsed.data);
      applyState(result.state);
      setAnswer('');
      if (result.success) {
        setChallenge(null);
        append({ sender: 'system', text: result.message, type: 'normal' });
        notify({
          type: 'success',
          title: 'Verification Successful',
          description: 'You can now send messages normally.',
        });
      } else {
        append({ sender: 'system', text: result.message, type: typeForState(result.state) });
        notify({ type: 'error', title: 'Verification Failed', description: result.error ?? 'Incorrect answer' });
      }
    } catch (error) {
      const refused = refusedVerificationOf(error);
      if (refused) {
        // Refused nonces are spent (used, expired, foreign, out of attempts).
        applyState(refused.state);
        setChallenge({ nonce: null, question: challenge.question });
        setAnswer('');
      }
      notify({
        type: 'error',
        title: 'Verification Failed',
        description: refused?.error ?? getErrorMessage(error, 'Incorrect answer'),
      });
    } finally {
      setVerifying(false);
      refreshStatus();
    }
  }, [answer, challenge, append, applyState, refreshStatus, setChallenge]);

  const clearChat = useCallback(() => setMessages([]), []);

  return {
    messages,
    guardState,
    challenge,
    answer,
    setAnswer,
    isSending,
    isVerifying,
    session: status.data?.session ?? null,
    sendMessage,
    runLoopTest,
    sendNormalTest,
    verifyHuman,
    clearChat,
  };
}
