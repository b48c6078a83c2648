import type { z } from 'zod';
import { ApiError, apiFetch } from '@/lib/errors';
import {
  chatBlockedSchema,
  chatReplySchema,
  guardStatusSchema,
  verifyResultSchema,
  type ChatBlockedDto,
  type ChatReplyDto,
  type GuardStatusDto,
  type VerifyChallengeInput,
  type VerifyResultDto,
} from '@shared/schemas/chat-guard';

// The product's literal /api calls; answers are parsed with the shared schemas.

export async function postChatMessage(message: string): Promise<ChatReplyDto> {
  return chatReplySchema.parse(await apiFetch<unknown>('/api/chat', { method: 'POST', body: { message } }));
}

export async function fetchGuardStatus(): Promise<GuardStatusDto> {
  return guardStatusSchema.parse(await apiFetch<unknown>('/api/loop-guard/my-status'));
}

export async function postVerification(input: VerifyChallengeInput): Promise<VerifyResultDto> {
  return verifyResultSchema.parse(await apiFetch<unknown>('/api/loop-guard/verify', { method: 'POST', body: input }));
}

function parseBody<T>(body: string, schema: z.ZodType<T>): T | null {
  try {
    const result = schema.safeParse(JSON.parse(body));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The 429 answer of POST /api/chat {state, nonce, message, retryAfter}, if `error` is one. */
export function blockedReplyOf(error: unknown): ChatBlockedDto | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return parseBody(error.body, chatBlockedSchema);
}

/** The 400 answer of a refused verification {success, message, error, state}, if `error` is one. */
export function refusedVerificationOf(error: unknown): VerifyResultDto | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return parseBody(error.body, verifyResultSchema);
}
