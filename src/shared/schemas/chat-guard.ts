import { z } from 'zod';
import { GUARD_STATES } from '../constants';
import { groupThousands } from '../group-thousands';

// Chat guard: the chat test page, its entities, the guard session states and their constants.
export const CHAT_MESSAGE_MAX_CHARS = 2000;
export const GUARD_STATUS_POLL_MS = 2000;
export const LOOP_TEST_MESSAGE = 'FUND WEEKLY';
export const LOOP_TEST_SENDS = 5;
export const LOOP_TEST_INTERVAL_MS = 200;
export const NORMAL_TEST_MESSAGE = 'Hello';
export const DEFAULT_CHALLENGE_QUESTION = '17 + 6 = ?';

export const CHAT_REPLY_TYPES = ['normal', 'challenge', 'muted', 'permanently_muted'] as const;
export type ChatReplyType = (typeof CHAT_REPLY_TYPES)[number];

export const guardStateSchema = z.enum(GUARD_STATES);

/** Characters as a person counts them (an emoji is one), not UTF-16 code units. */
function charCount(value: string): number {
  return Array.from(value).length;
}

/** POST /api/chat {message}: trimmed, never empty, at most 2,000 characters. */
export const chatMessageSchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, 'Message cannot be empty')
        .refine((value) => charCount(value) <= CHAT_MESSAGE_MAX_CHARS, {
          message: `Message must be at most ${groupThousands(CHAT_MESSAGE_MAX_CHARS)} characters`,
        }),
    ),
});
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

const ANSWER_ERROR = 'Answer must be a whole number';

/** POST /api/loop-guard/verify {nonce, answer}; the answer may arrive as a number or as the input's text. */
export const verifyChallengeSchema = z.object({
  nonce: z
    .string({ error: 'Verification token is required' })
    .trim()
    .min(1, 'Verification token is required')
    .max(128, 'Invalid verification token'),
  answer: z.union([z.number(), z.string()], { error: ANSWER_ERROR }).transform((value, ctx) => {
    // Typed answers are short; a longer string is refused before the pattern reads it.
    const typed = typeof value === 'string' && value.length <= 32 && /^\s*-?\d{1,7}\s*$/.test(value);
    const number = typeof value === 'number' ? value : typed ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(number) || Math.abs(number) > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: ANSWER_ERROR });
      return z.NEVER;
    }
    return number;
  }),
});
export type VerifyChallengeInput = z.infer<typeof verifyChallengeSchema>;

// Answers, as both sides read them. The client parses responses with these instead of casting.
export const chatReplySchema = z.object({
  success: z.boolean(),
  state: guardStateSchema,
  response: z.object({
    type: z.enum(CHAT_REPLY_TYPES),
    message: z.string(),
    instructions: z.string().nullable(),
    remainingSeconds: z.number().nullable(),
  }),
  metadata: z.object({ nonce: z.string().nullable() }),
});
export type ChatReplyDto = z.infer<typeof chatReplySchema>;

/** The 429 body of POST /api/chat while muted or over the per-address message limit. */
export const chatBlockedSchema = z.object({
  state: guardStateSchema,
  nonce: z.string().nullable(),
  message: z.string(),
  retryAfter: z.number().nullable(),
});
export type ChatBlockedDto = z.infer<typeof chatBlockedSchema>;

export const guardStatusSchema = z.object({
  session: z.object({
    state: guardStateSchema,
    count: z.number(),
    totalViolations: z.number(),
    /** Seconds left of a timed mute; 0 when not muted, null for a permanent mute (no expiry). */
    remainingMuteSeconds: z.number().nullable(),
    /** ISO 8601, or null before the first message. */
    lastActivity: z.string().nullable(),
    /** Always null: the nonce is stored hashed and only ever disclosed in the answer that issued it. */
    nonce: z.string().nullable(),
  }),
});
export type GuardStatusDto = z.infer<typeof guardStatusSchema>;

export const verifyResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
  /** The session state after the attempt (an addition to the documented shape, so the page need not wait for a poll). */
  state: guardStateSchema,
});
export type VerifyResultDto = z.infer<typeof verifyResultSchema>;
