import { and, desc, eq, gt, inArray, lt, max, ne, or } from 'drizzle-orm';
import { chatGuardSessions } from '../../../drizzle/schema/index';
import type { GuardState } from '../../../src/shared/constants';
import type {
  ChatBlockedDto,
  ChatMessageInput,
  ChatReplyDto,
  GuardStatusDto,
  VerifyChallengeInput,
  VerifyResultDto,
} from '../../../src/shared/schemas/chat-guard';
import type { Visitor } from '../../auth/visitor';
import type { DbOrTx } from '../../db';
import type { AppDeps } from '../../deps';
import { sha256Hex } from '../../lib/crypto';
import { asUtcDate } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { LIMITS, RATE_LIMIT_MESSAGE } from '../../lib/rate-limit';
import { answerQuestion } from './assistant';
import { hashNonce, issueChallenge } from './challenge';
import {
  applyMessage,
  applyVerify,
  effectiveState,
  INITIAL_SNAPSHOT,
  settle,
  type GuardSnapshot,
  type IpHold,
  type MessageOutcome,
  type RefusalReason,
  type VerifyOutcome,
} from './machine';
import { repeatKey } from './normalise';

/*
 * The MySQL-backed loop guard (docs/product.md 7, docs/security.md L). Every piece of state is a row of
 * chat_guard_sessions keyed by the visitor cookie's hash, so any number of server processes share it.
 * Each message or answer runs as one transaction that locks the session row (SELECT ... FOR UPDATE),
 * applies the pure state machine (machine.ts) and writes the result: parallel sends are serialised
 * and each one counts. A mute also holds for the client address (the row's ip), so a new cookie jar
 * does not lift it.
 */

type GuardDeps = Pick<AppDeps, 'db' | 'limiter'>;
export type GuardIo = { visitor: Visitor; ip: string };

/** How long a permanent mute keeps holding its address for new sessions after its last activity. */
export const PERMANENT_ADDRESS_HOLD_MS = 24 * 3600_000;
/** Escalation history of an address carries over to a new session for this long (a new jar is not a reset). */
const ADDRESS_HISTORY_MS = 24 * 3600_000;
/** Rows untouched for this long are deleted by the sweep (they hold a client address). */
export const GUARD_ROW_RETENTION_MS = 30 * 24 * 3600_000;

export const CHAT_RATE_LIMIT_MESSAGE = 'Too many messages. Please wait a moment and try again.';
export const PERMANENT_MUTE_MESSAGE = 'Permanently muted due to automated behavior';
export const VERIFIED_MESSAGE = 'Verification successful. You can now send messages normally.';
export const INCORRECT_ANSWER = 'Incorrect answer';

/** A send refused while muted or over the per-address limit: REST answers 429 with `body` as JSON. */
export class ChatBlockedError extends AppError {
  readonly body: ChatBlockedDto;
  constructor(body: ChatBlockedDto) {
    super('RATE_LIMITED', body.message, { retryAfterSeconds: body.retryAfter ?? undefined });
    this.body = body;
  }
}

/** A refused verification (unknown, used, foreign or expired nonce; attempts used up): 400 with `body`. */
export class VerifyRefusedError extends AppError {
  readonly body: VerifyResultDto;
  constructor(body: VerifyResultDto) {
    super('BAD_REQUEST', body.error ?? body.message);
    this.body = body;
  }
}

const t = chatGuardSessions;
const COLUMNS = {
  state: t.state,
  count: t.count,
  totalViolations: t.totalViolations,
  lastMessageHash: t.lastMessageHash,
  windowStartedAt: t.windowStartedAt,
  muteUntil: t.muteUntil,
  nonceHash: t.nonceHash,
  challengeQuestion: t.challengeQuestion,
  challengeAnswer: t.challengeAnswer,
  challengeExpiresAt: t.challengeExpiresAt,
  challengeAttempts: t.challengeAttempts,
  lastActivity: t.lastActivity,
};
type Dateish = Date | string | null;
type GuardRow = {
  state: GuardState;
  count: number;
  totalViolations: number;
  lastMessageHash: string | null;
  windowStartedAt: Dateish;
  muteUntil: Dateish;
  nonceHash: string | null;
  challengeQuestion: string | null;
  challengeAnswer: number | null;
  challengeExpiresAt: Dateish;
  challengeAttempts: number;
  lastActivity: Dateish;
};

const ms = (value: Dateish) => (value === null ? null : asUtcDate(value).getTime());
const date = (value: number | null) => (value === null ? null : new Date(value));

export function toSnapshot(row: GuardRow): GuardSnapshot {
  const expiresAt = ms(row.challengeExpiresAt);
  const hasChallenge =
    row.nonceHash !== null && row.challengeQuestion !== null && row.challengeAnswer !== null && expiresAt !== null;
  return {
    state: row.state,
    count: row.count,
    totalViolations: row.totalViolations,
    lastMessageHash: row.lastMessageHash,
    windowStartedAt: ms(row.windowStartedAt),
    muteUntil: ms(row.muteUntil),
    challenge: hasChallenge
      ? {
          nonceHash: row.nonceHash ?? '',
          question: row.challengeQuestion ?? '',
          answer: row.challengeAnswer ?? 0,
          expiresAt: expiresAt ?? 0,
          attempts: row.challengeAttempts,
        }
      : null,
    lastActivity: ms(row.lastActivity),
  };
}

function toColumns(s: GuardSnapshot) {
  return {
    state: s.state,
    count: s.count,
    totalViolations: s.totalViolations,
    lastMessageHash: s.lastMessageHash,
    windowStartedAt: date(s.windowStartedAt),
    muteUntil: date(s.muteUntil),
    nonceHash: s.challenge?.nonceHash ?? null,
    challengeQuestion: s.challenge?.question ?? null,
    challengeAnswer: s.challenge?.answer ?? null,
    challengeExpiresAt: date(s.challenge?.expiresAt ?? null),
    challengeAttempts: s.challenge?.attempts ?? 0,
    ...(s.lastActivity === null ? {} : { lastActivity: new Date(s.lastActivity) }),
  };
}

/** The strongest live mute another session holds for this address (one indexed lookup on ip, state). */
async function findAddressHold(db: DbOrTx, ip: string, sessionId: string, now: number): Promise<IpHold> {
  const [row] = await db
    .select({ state: t.state, muteUntil: t.muteUntil })
    .from(t)
    .where(
      and(
        eq(t.ip, ip),
        ne(t.id, sessionId),
        or(
          and(eq(t.state, 'PERMANENTLY_MUTED'), gt(t.lastActivity, new Date(now - PERMANENT_ADDRESS_HOLD_MS))),
          and(inArray(t.state, ['MUTED_15MIN', 'MUTED_60MIN']), gt(t.muteUntil, new Date(now))),
        ),
      ),
    )
    // ENUM columns sort by their declared position: PERMANENTLY_MUTED, then MUTED_60MIN, then MUTED_15MIN.
    .orderBy(desc(t.state), desc(t.muteUntil))
    .limit(1);
  if (!row || row.state === 'NORMAL' || row.state === 'CHALLENGE') return null;
  return { state: row.state, muteUntil: ms(row.muteUntil) };
}

/** Creates the session row on first contact, outside the locking transaction (no shared-lock deadlocks). */
async function ensureSessionRow(db: DbOrTx, sessionId: string, ip: string, now: number): Promise<void> {
  const [existing] = await db.select({ id: t.id }).from(t).where(eq(t.id, sessionId)).limit(1);
  if (existing) return;
  const [history] = await db
    .select({ violations: max(t.totalViolations) })
    .from(t)
    .where(and(eq(t.ip, ip), gt(t.lastActivity, new Date(now - ADDRESS_HISTORY_MS))));
  await db
    .insert(t)
    .ignore()
    .values({
      id: sessionId,
      ip,
      totalViolations: Number(history?.violations ?? 0),
      lastActivity: new Date(now),
      createdAt: new Date(now),
    });
}

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const failure = error as { code?: unknown; cause?: { code?: unknown } };
      const code = failure.code ?? failure.cause?.code;
      if (attempt >= 3 || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** Runs one event against the locked session row and stores the result. */
async function transition<T>(
  db: GuardDeps['db'],
  { sessionId, ip }: { sessionId: string; ip: string },
  apply: (snapshot: GuardSnapshot, now: number, tx: DbOrTx) => Promise<{ next: GuardSnapshot; result: T }>,
): Promise<T | null> {
  return withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.select(COLUMNS).from(t).where(eq(t.id, sessionId)).for('update');
      if (!row) return null;
      const { next, result } = await apply(toSnapshot(row), Date.now(), tx);
      await tx
        .update(t)
        .set({ ...toColumns(next), ip })
        .where(eq(t.id, sessionId));
      return result;
    }),
  );
}

function minutesText(seconds: number | null): string {
  const minutes = Math.max(1, Math.ceil((seconds ?? 0) / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

function toReply(outcome: Exclude<MessageOutcome, { kind: 'blocked' }>, question: string): ChatReplyDto {
  if (outcome.kind === 'reply') {
    return {
      success: true,
      state: 'NORMAL',
      response: {
        type: 'normal',
        message: answerQuestion(question).message,
        instructions: null,
        remainingSeconds: null,
      },
      metadata: { nonce: null },
    };
  }
  if (outcome.kind === 'challenge') {
    const message = outcome.isRepeatOfOpenChallenge
      ? `Please answer the verification question before sending more messages: ${outcome.question}`
      : `It looks like the same message is being sent over and over. To keep chatting, please confirm you're human: ${outcome.question}`;
    return {
      success: true,
      state: 'CHALLENGE',
      response: {
        type: 'challenge',
        message,
        instructions: 'Enter the answer and select Verify Human. The question expires in 5 minutes.',
        remainingSeconds: outcome.remainingSeconds,
      },
      metadata: { nonce: outcome.nonce },
    };
  }
  if (outcome.state === 'PERMANENTLY_MUTED') {
    return {
      success: true,
      state: outcome.state,
      response: {
        type: 'permanently_muted',
        message: `${PERMANENT_MUTE_MESSAGE}.`,
        instructions: 'If you believe this is a mistake, please contact support at /contact.',
        remainingSeconds: null,
      },
      metadata: { nonce: null },
    };
  }
  const lifted = outcome.question ? ` To continue sooner, verify you're human: ${outcome.question}` : '';
  return {
    success: true,
    state: outcome.state,
    response: {
      type: 'muted',
      message: `You have been temporarily muted for ${minutesText(outcome.remainingSeconds)} for repeating the same message.${lifted}`,
      instructions: 'Answer the question to lift the mute, or wait for it to expire.',
      remainingSeconds: outcome.remainingSeconds,
    },
    metadata: { nonce: outcome.nonce },
  };
}

function toBlocked(outcome: Extract<MessageOutcome, { kind: 'blocked' }>): ChatBlockedDto {
  if (outcome.state === 'PERMANENTLY_MUTED') {
    return { state: outcome.state, nonce: null, message: PERMANENT_MUTE_MESSAGE, retryAfter: null };
  }
  const wait = `Temporarily muted. Try again in ${minutesText(outcome.retryAfterSeconds)}`;
  const message = outcome.isHeldByAddress
    ? `${wait}: messages from your network are muted after repeated messages.`
    : outcome.nonce && outcome.question
      ? `${wait}, or verify you're human: ${outcome.question}`
      : `${wait}.`;
  return { state: outcome.state, nonce: outcome.nonce, message, retryAfter: outcome.retryAfterSeconds };
}

/**
 * POST /api/chat. Answers product questions while the session is NORMAL; otherwise the guard's reply.
 * Throws ChatBlockedError (429) while muted, for this session or its address, and past the per-address limit.
 */
export async function sendChatMessage(deps: GuardDeps, io: GuardIo, input: ChatMessageInput): Promise<ChatReplyDto> {
  const sessionId = io.visitor.ensure();
  const limit = await deps.limiter.hit(LIMITS.chatIp, io.ip);
  if (!limit.allowed) {
    const { state } = await readStatus(deps.db, sessionId, io.ip, Date.now());
    throw new ChatBlockedError({
      state,
      nonce: null,
      message: CHAT_RATE_LIMIT_MESSAGE,
      retryAfter: limit.retryAfterSeconds,
    });
  }
  await ensureSessionRow(deps.db, sessionId, io.ip, Date.now());
  // Salted with the session so equal messages of different visitors do not share a stored value.
  const messageHash = sha256Hex(`${sessionId}\n${repeatKey(input.message)}`);
  const outcome = await transition(deps.db, { sessionId, ip: io.ip }, async (snapshot, now, tx) => {
    const hold = await findAddressHold(tx, io.ip, sessionId, now);
    const { next, outcome: result } = applyMessage(snapshot, { messageHash, now, hold, issue: issueChallenge() });
    return { next, result };
  });
  if (!outcome) throw new Error('chat guard session row missing');
  if (outcome.kind === 'blocked') throw new ChatBlockedError(toBlocked(outcome));
  return toReply(outcome, input.message);
}

async function readStatus(db: DbOrTx, sessionId: string, ip: string, now: number): Promise<GuardStatusDto['session']> {
  // Two independent indexed lookups, run side by side.
  const [[row], hold] = await Promise.all([
    db.select(COLUMNS).from(t).where(eq(t.id, sessionId)).limit(1),
    findAddressHold(db, ip, sessionId, now),
  ]);
  const snapshot = row ? toSnapshot(row) : INITIAL_SNAPSHOT;
  const view = effectiveState(snapshot, now, hold);
  const settled = settle(snapshot, now);
  const remainingMuteSeconds =
    view.state === 'PERMANENTLY_MUTED'
      ? null
      : view.muteUntil === null
        ? 0
        : Math.max(0, Math.ceil((view.muteUntil - now) / 1000));
  return {
    state: view.state,
    count: settled.count,
    totalViolations: settled.totalViolations,
    remainingMuteSeconds,
    lastActivity: snapshot.lastActivity === null ? null : new Date(snapshot.lastActivity).toISOString(),
    // The nonce is stored hashed and shown only in the answer that issued it.
    nonce: null,
  };
}

/** GET /api/loop-guard/my-status: read-only (two indexed lookups); issues the visitor cookie if missing. */
export async function getGuardStatus(deps: GuardDeps, io: GuardIo): Promise<GuardStatusDto> {
  // A flood from one address is refused with a read only: the counter row is not written (and locked)
  // again once the address is over its limit, so refusals stay cheap (docs/security.md L6).
  const blocked = await deps.limiter.isBlocked(LIMITS.guardStatus, io.ip);
  if (blocked.blocked) {
    throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, { retryAfterSeconds: blocked.retryAfterSeconds });
  }
  await deps.limiter.consume(LIMITS.guardStatus, io.ip);
  return { session: await readStatus(deps.db, io.visitor.ensure(), io.ip, Date.now()) };
}

const REFUSAL_TEXT: Record<Exclude<RefusalReason, 'attempts_exhausted'>, string> = {
  invalid_nonce: 'This verification is invalid or was already used. Please refresh the page and try again.',
  expired: 'This verification question has expired. Please refresh the page and try again.',
  permanent: 'Verification is not available for a permanently muted session.',
};

function wrongAnswerMessage(outcome: Extract<VerifyOutcome, { kind: 'wrong' }>, wasChallenge: boolean): string {
  if (outcome.state === 'PERMANENTLY_MUTED') return `${INCORRECT_ANSWER}. ${PERMANENT_MUTE_MESSAGE}.`;
  const left =
    outcome.attemptsLeft > 0
      ? `You have ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? 'attempt' : 'attempts'} left, or you can wait for the mute to expire.`
      : 'No attempts left: please wait for the mute to expire.';
  const muted = wasChallenge
    ? ` You have been temporarily muted for ${minutesText(outcome.remainingMuteSeconds)}.`
    : '';
  return `${INCORRECT_ANSWER}.${muted} ${left}`;
}

/**
 * POST /api/loop-guard/verify. A right answer returns the session to NORMAL; a wrong one answers 200 with
 * success false (and mutes, from CHALLENGE). An unknown, used, foreign or expired nonce, or a 4th attempt,
 * throws VerifyRefusedError (400).
 */
export async function verifyChallenge(
  deps: GuardDeps,
  io: GuardIo,
  input: VerifyChallengeInput,
): Promise<VerifyResultDto> {
  await deps.limiter.consume(LIMITS.chatIp, io.ip);
  const sessionId = io.visitor.hash();
  const nonceHash = hashNonce(input.nonce);
  const result = sessionId
    ? await transition(deps.db, { sessionId, ip: io.ip }, async (snapshot, now, tx) => {
        const { next, outcome } = applyVerify(snapshot, { nonceHash, answer: input.answer, now });
        const view = effectiveState(next, now, await findAddressHold(tx, io.ip, sessionId, now));
        return {
          next,
          result: { outcome, state: view.state, wasChallenge: settle(snapshot, now).state === 'CHALLENGE' },
        };
      })
    : null;
  if (!result) {
    throw new VerifyRefusedError({
      success: false,
      message: 'Verification failed',
      error: REFUSAL_TEXT.invalid_nonce,
      state: 'NORMAL',
    });
  }
  const { outcome, state, wasChallenge } = result;
  if (outcome.kind === 'verified') return { success: true, message: VERIFIED_MESSAGE, error: null, state };
  if (outcome.kind === 'wrong') {
    return { success: false, message: wrongAnswerMessage(outcome, wasChallenge), error: INCORRECT_ANSWER, state };
  }
  const error =
    outcome.reason === 'attempts_exhausted'
      ? `Too many attempts. ${state === 'PERMANENTLY_MUTED' ? `${PERMANENT_MUTE_MESSAGE}.` : 'The mute now lasts longer.'}`
      : REFUSAL_TEXT[outcome.reason];
  throw new VerifyRefusedError({ success: false, message: 'Verification failed', error, state });
}

/** Deletes rows idle past the retention period (they hold a client address). For the periodic sweep. */
export async function sweepChatGuardSessions(db: DbOrTx, now = Date.now()): Promise<number> {
  const [result] = await db.delete(t).where(lt(t.lastActivity, new Date(now - GUARD_ROW_RETENTION_MS)));
  return result.affectedRows;
}
