import { timingSafeEqual } from 'node:crypto';
import type { GuardState } from '../../../src/shared/constants';

/*
 * The loop guard as a pure function of (snapshot, event) -> (next snapshot, outcome), docs/product.md 7.
 * Time and randomness come in as arguments so every transition is unit-testable; guard.ts loads the
 * snapshot under a row lock, applies one event and writes the result back.
 *
 *   NORMAL --same normalized message 3x within 60 s--> CHALLENGE (fresh question + nonce, 5 min)
 *   CHALLENGE --right answer--> NORMAL
 *   CHALLENGE --wrong answer | the same message again--> mute (a violation)
 *   CHALLENGE --challenge expires unanswered--> NORMAL (the pause itself broke the loop)
 *   MUTED_* --right answer (the challenge stays answerable while muted)--> NORMAL
 *   MUTED_* --mute expires--> NORMAL
 *   any challenge --4th answer attempt--> refused and a violation
 *   violation n: 1 -> MUTED_15MIN, 2 -> MUTED_60MIN, 3+ -> PERMANENTLY_MUTED (terminal)
 *
 * The arithmetic question ("17 + 6 = ?") is loop-breaking UX: it stops a person or a runaway script
 * that repeats itself. Any bot solves it trivially, so it is NOT bot defence (docs/security.md L); the
 * server-side mutes, the per-address hold and the per-address message limit are what bound abuse.
 */

export const REPEAT_THRESHOLD = 3;
export const REPEAT_WINDOW_MS = 60_000;
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_ANSWER_ATTEMPTS = 3;
export const MUTE_DURATION_MS = { MUTED_15MIN: 15 * 60_000, MUTED_60MIN: 60 * 60_000 } as const;

export type MuteState = 'MUTED_15MIN' | 'MUTED_60MIN' | 'PERMANENTLY_MUTED';

export type Challenge = {
  nonceHash: string;
  question: string;
  answer: number;
  expiresAt: number;
  attempts: number;
};

/** One guard session as stored (times in epoch milliseconds). */
export type GuardSnapshot = {
  state: GuardState;
  /** Sends of the current repeated message (every send counts, also refused ones). */
  count: number;
  totalViolations: number;
  lastMessageHash: string | null;
  windowStartedAt: number | null;
  muteUntil: number | null;
  challenge: Challenge | null;
  lastActivity: number | null;
};

/** A challenge prepared by the caller (random), used only if the transition needs one. */
export type IssuedChallenge = { nonce: string; nonceHash: string; question: string; answer: number };

/** The strongest live mute another session holds for this client address, if any. */
export type IpHold = { state: MuteState; muteUntil: number | null } | null;

export const INITIAL_SNAPSHOT: GuardSnapshot = {
  state: 'NORMAL',
  count: 0,
  totalViolations: 0,
  lastMessageHash: null,
  windowStartedAt: null,
  muteUntil: null,
  challenge: null,
  lastActivity: null,
};

const SEVERITY: Record<GuardState, number> = {
  NORMAL: 0,
  CHALLENGE: 1,
  MUTED_15MIN: 2,
  MUTED_60MIN: 3,
  PERMANENTLY_MUTED: 4,
};

export function isMuted(state: GuardState): state is MuteState {
  return SEVERITY[state] >= SEVERITY.MUTED_15MIN;
}

/** The mute a violation count earns. */
export function muteForViolations(totalViolations: number): MuteState {
  if (totalViolations <= 1) return 'MUTED_15MIN';
  if (totalViolations === 2) return 'MUTED_60MIN';
  return 'PERMANENTLY_MUTED';
}

function cleared(s: GuardSnapshot): GuardSnapshot {
  return {
    ...s,
    state: 'NORMAL',
    count: 0,
    lastMessageHash: null,
    windowStartedAt: null,
    muteUntil: null,
    challenge: null,
  };
}

function isLive(challenge: Challenge | null, now: number): challenge is Challenge {
  return challenge !== null && challenge.expiresAt > now;
}

/** Applies what time alone changes: an expired mute, or a challenge left unanswered until it expired. */
export function settle(s: GuardSnapshot, now: number): GuardSnapshot {
  if ((s.state === 'MUTED_15MIN' || s.state === 'MUTED_60MIN') && (s.muteUntil === null || s.muteUntil <= now)) {
    return cleared(s);
  }
  if (s.state === 'CHALLENGE' && !isLive(s.challenge, now)) return cleared(s);
  if (s.challenge && !isLive(s.challenge, now)) return { ...s, challenge: null };
  return s;
}

/** What the session is subject to right now: its own state or the address's hold, whichever is stronger. */
export function effectiveState(
  s: GuardSnapshot,
  now: number,
  hold: IpHold,
): { state: GuardState; muteUntil: number | null; isHeldByAddress: boolean } {
  const own = settle(s, now);
  const ownView = { state: own.state, muteUntil: own.muteUntil, isHeldByAddress: false };
  if (!hold || (hold.muteUntil !== null && hold.muteUntil <= now)) return ownView;
  const holdView = { state: hold.state, muteUntil: hold.muteUntil, isHeldByAddress: true };
  if (SEVERITY[hold.state] > SEVERITY[own.state]) return holdView;
  if (hold.state === own.state && hold.muteUntil !== null && (own.muteUntil ?? 0) < hold.muteUntil) return holdView;
  return ownView;
}

function freshChallenge(issue: IssuedChallenge, now: number): Challenge {
  return {
    nonceHash: issue.nonceHash,
    question: issue.question,
    answer: issue.answer,
    expiresAt: now + CHALLENGE_TTL_MS,
    attempts: 0,
  };
}

/** One more violation: the next mute level. A timed mute comes with a challenge that can lift it early. */
function violate(s: GuardSnapshot, now: number, challenge: Challenge | null): GuardSnapshot {
  const totalViolations = s.totalViolations + 1;
  const state = muteForViolations(totalViolations);
  if (state === 'PERMANENTLY_MUTED') return { ...s, totalViolations, state, muteUntil: null, challenge: null };
  return { ...s, totalViolations, state, muteUntil: now + MUTE_DURATION_MS[state], challenge };
}

function secondsUntil(at: number | null, now: number): number | null {
  return at === null ? null : Math.max(1, Math.ceil((at - now) / 1000));
}

export type MessageOutcome =
  /** The message goes to the assistant. */
  | { kind: 'reply' }
  /** Loop detected (or a message while a challenge is open): answer the question first. */
  | {
      kind: 'challenge';
      nonce: string | null;
      question: string;
      remainingSeconds: number;
      isRepeatOfOpenChallenge: boolean;
    }
  /** This message caused a mute (answered 200, type muted or permanently_muted). */
  | { kind: 'muted'; state: MuteState; nonce: string | null; question: string | null; remainingSeconds: number | null }
  /** Already muted (own or address hold): answered 429, whatever the client believes. */
  | {
      kind: 'blocked';
      state: MuteState;
      nonce: string | null;
      question: string | null;
      retryAfterSeconds: number | null;
      isHeldByAddress: boolean;
    };

export type MessageEvent = { messageHash: string; now: number; hold: IpHold; issue: IssuedChallenge };

/** One chat message arrives. Every send counts, whatever the outcome (test L1: 5 parallel sends count as 5). */
export function applyMessage(
  before: GuardSnapshot,
  event: MessageEvent,
): { next: GuardSnapshot; outcome: MessageOutcome } {
  const { messageHash, now, hold, issue } = event;
  const s0 = settle(before, now);
  const isSameMessage = s0.lastMessageHash === messageHash;
  const isInWindow = s0.windowStartedAt !== null && now - s0.windowStartedAt <= REPEAT_WINDOW_MS;
  // Outside NORMAL the window does not matter: repeating the looping message is what counts.
  const continues = isSameMessage && (s0.state !== 'NORMAL' || isInWindow);
  const s: GuardSnapshot = {
    ...s0,
    lastActivity: now,
    count: continues ? s0.count + 1 : 1,
    lastMessageHash: messageHash,
    windowStartedAt: continues ? s0.windowStartedAt : now,
  };

  // Own mute: refused. A timed mute hands out a nonce so the person can verify instead of waiting.
  if (isMuted(s.state)) {
    if (s.state === 'PERMANENTLY_MUTED') {
      return {
        next: s,
        outcome: {
          kind: 'blocked',
          state: s.state,
          nonce: null,
          question: null,
          retryAfterSeconds: null,
          isHeldByAddress: false,
        },
      };
    }
    const offer = offerChallenge(s.challenge, issue, now);
    const next = { ...s, challenge: offer.challenge };
    const view = effectiveState(next, now, hold);
    return {
      next,
      outcome: {
        kind: 'blocked',
        state: isMuted(view.state) ? view.state : s.state,
        nonce: offer.nonce,
        question: offer.nonce ? offer.challenge.question : null,
        retryAfterSeconds: secondsUntil(view.muteUntil, now),
        isHeldByAddress: view.isHeldByAddress,
      },
    };
  }

  // A mute another session holds for this address applies to a new session too (docs/security.md L).
  const held = effectiveState(s, now, hold);
  if (held.isHeldByAddress && isMuted(held.state)) {
    return {
      next: s,
      outcome: {
        kind: 'blocked',
        state: held.state,
        nonce: null,
        question: null,
        retryAfterSeconds: secondsUntil(held.muteUntil, now),
        isHeldByAddress: true,
      },
    };
  }

  if (s.state === 'CHALLENGE' && s.challenge) {
    if (isSameMessage) {
      const next = violate(s, now, freshChallenge(issue, now));
      return { next, outcome: mutedOutcome(next, issue, now) };
    }
    // A different message while the question is open is not answered; the question is sent again.
    const offer = offerChallenge(s.challenge, issue, now);
    return {
      next: { ...s, challenge: offer.challenge },
      outcome: {
        kind: 'challenge',
        nonce: offer.nonce,
        question: offer.challenge.question,
        remainingSeconds: secondsUntil(offer.challenge.expiresAt, now) ?? 0,
        isRepeatOfOpenChallenge: true,
      },
    };
  }

  if (s.count >= REPEAT_THRESHOLD) {
    const challenge = freshChallenge(issue, now);
    return {
      next: { ...s, state: 'CHALLENGE', challenge },
      outcome: {
        kind: 'challenge',
        nonce: issue.nonce,
        question: challenge.question,
        remainingSeconds: CHALLENGE_TTL_MS / 1000,
        isRepeatOfOpenChallenge: false,
      },
    };
  }
  return { next: s, outcome: { kind: 'reply' } };
}

/**
 * The nonce to hand out with a refusal: the open challenge under a new nonce (the stored one is a hash
 * and cannot be shown again), or a fresh challenge once the old one expired. A live challenge whose
 * attempts are used up is kept as it is, without a nonce, so sending cannot reset its attempts.
 */
function offerChallenge(
  challenge: Challenge | null,
  issue: IssuedChallenge,
  now: number,
): { challenge: Challenge; nonce: string | null } {
  if (!isLive(challenge, now)) return { challenge: freshChallenge(issue, now), nonce: issue.nonce };
  if (challenge.attempts >= MAX_ANSWER_ATTEMPTS) return { challenge, nonce: null };
  return { challenge: { ...challenge, nonceHash: issue.nonceHash }, nonce: issue.nonce };
}

function mutedOutcome(next: GuardSnapshot, issue: IssuedChallenge, now: number): MessageOutcome {
  const state = next.state as MuteState;
  if (state === 'PERMANENTLY_MUTED') {
    return { kind: 'muted', state, nonce: null, question: null, remainingSeconds: null };
  }
  return {
    kind: 'muted',
    state,
    nonce: issue.nonce,
    question: next.challenge?.question ?? null,
    remainingSeconds: secondsUntil(next.muteUntil, now),
  };
}

export type RefusalReason = 'invalid_nonce' | 'expired' | 'attempts_exhausted' | 'permanent';

export type VerifyOutcome =
  | { kind: 'verified' }
  | { kind: 'wrong'; state: GuardState; attemptsLeft: number; remainingMuteSeconds: number | null }
  | { kind: 'refused'; reason: RefusalReason; state: GuardState };

export type VerifyEvent = { nonceHash: string; answer: number; now: number };

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * An answer to the open challenge. The nonce is bound to this session (compared with this row's hash),
 * expires with the challenge and is single-use: a right answer clears it. Three attempts per challenge;
 * the first wrong answer in CHALLENGE mutes, later ones (from the muted panel) use up attempts, and a
 * 4th attempt is refused and counts as a further violation.
 */
export function applyVerify(
  before: GuardSnapshot,
  event: VerifyEvent,
): { next: GuardSnapshot; outcome: VerifyOutcome } {
  const { nonceHash, answer, now } = event;
  const open = before.challenge;
  if (before.state === 'PERMANENTLY_MUTED') {
    return { next: before, outcome: { kind: 'refused', reason: 'permanent', state: before.state } };
  }
  if (!open || !sameHash(open.nonceHash, nonceHash)) {
    const next = settle(before, now);
    return { next, outcome: { kind: 'refused', reason: 'invalid_nonce', state: next.state } };
  }
  const s = settle(before, now);
  if (!isLive(s.challenge, now)) {
    return { next: s, outcome: { kind: 'refused', reason: 'expired', state: s.state } };
  }
  const challenge = s.challenge;
  if (challenge.attempts >= MAX_ANSWER_ATTEMPTS) {
    const next = violate({ ...s, lastActivity: now }, now, null);
    return { next, outcome: { kind: 'refused', reason: 'attempts_exhausted', state: next.state } };
  }
  const attempts = challenge.attempts + 1;
  if (answer === challenge.answer) {
    return { next: { ...cleared(s), lastActivity: now }, outcome: { kind: 'verified' } };
  }
  const tried: GuardSnapshot = { ...s, lastActivity: now, challenge: { ...challenge, attempts } };
  // The first wrong answer mutes; the same question stays answerable from the muted panel.
  const next = s.state === 'CHALLENGE' ? violate(tried, now, tried.challenge) : tried;
  return {
    next,
    outcome: {
      kind: 'wrong',
      state: next.state,
      attemptsLeft: next.state === 'PERMANENTLY_MUTED' ? 0 : MAX_ANSWER_ATTEMPTS - attempts,
      remainingMuteSeconds: secondsUntil(next.muteUntil, now),
    },
  };
}
