import { describe, expect, it } from 'vitest';
import {
  applyMessage,
  applyVerify,
  CHALLENGE_TTL_MS,
  effectiveState,
  INITIAL_SNAPSHOT,
  MUTE_DURATION_MS,
  muteForViolations,
  REPEAT_WINDOW_MS,
  settle,
  type GuardSnapshot,
  type IpHold,
  type IssuedChallenge,
  type MessageOutcome,
} from './machine';

const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);
let issued = 0;
function issue(answer = 23): IssuedChallenge {
  issued += 1;
  return { nonce: `nonce-${issued}`, nonceHash: `hash-${issued}`, question: `17 + 6 = ?`, answer };
}

function send(s: GuardSnapshot, opts: { hash?: string; at?: number; hold?: IpHold; ticket?: IssuedChallenge } = {}) {
  return applyMessage(s, {
    messageHash: opts.hash ?? 'fund-weekly',
    now: opts.at ?? T0,
    hold: opts.hold ?? null,
    issue: opts.ticket ?? issue(),
  });
}

function verify(s: GuardSnapshot, nonceHash: string, answer: number, at = T0 + 1000) {
  return applyVerify(s, { nonceHash, answer, now: at });
}

/** Sends the same message `times` times, 200 ms apart, returning the last result. */
function loop(s: GuardSnapshot, times: number, start = T0) {
  let state = s;
  const outcomes: MessageOutcome[] = [];
  for (let i = 0; i < times; i += 1) {
    const result = send(state, { at: start + i * 200 });
    state = result.next;
    outcomes.push(result.outcome);
  }
  return { state, outcomes };
}

function inChallenge(): { s: GuardSnapshot; nonceHash: string } {
  const { state } = loop(INITIAL_SNAPSHOT, 3);
  return { s: state, nonceHash: state.challenge!.nonceHash };
}

describe('NORMAL', () => {
  it('answers a message and counts it', () => {
    const { next, outcome } = send(INITIAL_SNAPSHOT);
    expect(outcome).toEqual({ kind: 'reply' });
    expect(next).toMatchObject({ state: 'NORMAL', count: 1, lastMessageHash: 'fund-weekly', lastActivity: T0 });
  });

  it('moves to CHALLENGE on the third identical message within 60 s, with a fresh question and nonce', () => {
    const ticket = issue(23);
    const first = send(INITIAL_SNAPSHOT);
    const second = send(first.next, { at: T0 + 30_000 });
    const third = send(second.next, { at: T0 + REPEAT_WINDOW_MS, ticket });
    expect(second.outcome.kind).toBe('reply');
    expect(third.outcome).toEqual({
      kind: 'challenge',
      nonce: ticket.nonce,
      question: '17 + 6 = ?',
      remainingSeconds: 300,
      isRepeatOfOpenChallenge: false,
    });
    expect(third.next).toMatchObject({
      state: 'CHALLENGE',
      count: 3,
      challenge: {
        nonceHash: ticket.nonceHash,
        answer: 23,
        attempts: 0,
        expiresAt: T0 + REPEAT_WINDOW_MS + CHALLENGE_TTL_MS,
      },
    });
  });

  it('starts a new streak when the 60 s window has passed', () => {
    const first = send(INITIAL_SNAPSHOT);
    const second = send(first.next, { at: T0 + 1000 });
    const late = send(second.next, { at: T0 + REPEAT_WINDOW_MS + 1 });
    expect(late.outcome.kind).toBe('reply');
    expect(late.next).toMatchObject({ state: 'NORMAL', count: 1, windowStartedAt: T0 + REPEAT_WINDOW_MS + 1 });
  });

  it('starts a new streak on a different message', () => {
    const { state } = loop(INITIAL_SNAPSHOT, 2);
    const other = send(state, { hash: 'what-documents', at: T0 + 1000 });
    expect(other.outcome.kind).toBe('reply');
    expect(other.next.count).toBe(1);
    const back = send(other.next, { at: T0 + 1200 });
    expect(back.outcome.kind).toBe('reply');
    expect(back.next.count).toBe(1);
  });

  it('is refused (429) while another session holds a mute for the same address, without a nonce', () => {
    const hold: IpHold = { state: 'MUTED_15MIN', muteUntil: T0 + 600_000 };
    const { next, outcome } = send(INITIAL_SNAPSHOT, { hold });
    expect(outcome).toEqual({
      kind: 'blocked',
      state: 'MUTED_15MIN',
      nonce: null,
      question: null,
      retryAfterSeconds: 600,
      isHeldByAddress: true,
    });
    expect(next).toMatchObject({ state: 'NORMAL', count: 1 });
  });

  it('ignores an address hold that has expired', () => {
    const { outcome } = send(INITIAL_SNAPSHOT, { hold: { state: 'MUTED_60MIN', muteUntil: T0 - 1 } });
    expect(outcome.kind).toBe('reply');
  });

  it('is refused under an address-wide permanent mute', () => {
    const { outcome } = send(INITIAL_SNAPSHOT, { hold: { state: 'PERMANENTLY_MUTED', muteUntil: null } });
    expect(outcome).toMatchObject({ kind: 'blocked', state: 'PERMANENTLY_MUTED', retryAfterSeconds: null });
  });
});

describe('CHALLENGE', () => {
  it('returns to NORMAL on the right answer and clears the nonce (single use)', () => {
    const { s, nonceHash } = inChallenge();
    const { next, outcome } = verify(s, nonceHash, 23);
    expect(outcome).toEqual({ kind: 'verified' });
    expect(next).toMatchObject({ state: 'NORMAL', count: 0, challenge: null, muteUntil: null, totalViolations: 0 });
    expect(verify(next, nonceHash, 23).outcome).toMatchObject({ kind: 'refused', reason: 'invalid_nonce' });
  });

  it('mutes for 15 minutes on a wrong answer, keeping the question answerable', () => {
    const { s, nonceHash } = inChallenge();
    const at = T0 + 2000;
    const { next, outcome } = verify(s, nonceHash, 99, at);
    expect(outcome).toEqual({ kind: 'wrong', state: 'MUTED_15MIN', attemptsLeft: 2, remainingMuteSeconds: 900 });
    expect(next).toMatchObject({
      state: 'MUTED_15MIN',
      totalViolations: 1,
      muteUntil: at + MUTE_DURATION_MS.MUTED_15MIN,
      challenge: { nonceHash, attempts: 1 },
    });
  });

  it('mutes on continued repetition, handing out a fresh question and nonce', () => {
    const { s } = inChallenge();
    const ticket = issue(40);
    const { next, outcome } = send(s, { at: T0 + 5000, ticket });
    expect(outcome).toEqual({
      kind: 'muted',
      state: 'MUTED_15MIN',
      nonce: ticket.nonce,
      question: ticket.question,
      remainingSeconds: 900,
    });
    expect(next).toMatchObject({
      state: 'MUTED_15MIN',
      count: 4,
      totalViolations: 1,
      challenge: { nonceHash: ticket.nonceHash, answer: 40, attempts: 0 },
    });
  });

  it('does not answer a different message: the same question comes back under a new nonce', () => {
    const { s } = inChallenge();
    const ticket = issue(77);
    const { next, outcome } = send(s, { hash: 'something-else', at: T0 + 5000, ticket });
    expect(outcome).toMatchObject({ kind: 'challenge', nonce: ticket.nonce, isRepeatOfOpenChallenge: true });
    expect(next.state).toBe('CHALLENGE');
    // Same question and answer; only the nonce changed.
    expect(next.challenge).toMatchObject({
      nonceHash: ticket.nonceHash,
      answer: 23,
      expiresAt: s.challenge!.expiresAt,
    });
    expect(verify(next, s.challenge!.nonceHash, 23).outcome).toMatchObject({ reason: 'invalid_nonce' });
    expect(verify(next, ticket.nonceHash, 23).outcome).toEqual({ kind: 'verified' });
  });

  it('returns to NORMAL when the challenge expires unanswered', () => {
    const { s } = inChallenge();
    const later = s.challenge!.expiresAt;
    expect(settle(s, later)).toMatchObject({ state: 'NORMAL', count: 0, challenge: null });
    const { outcome } = send(s, { hash: 'hello', at: later });
    expect(outcome.kind).toBe('reply');
  });

  it('refuses an expired nonce', () => {
    const { s, nonceHash } = inChallenge();
    const { next, outcome } = verify(s, nonceHash, 23, s.challenge!.expiresAt + 1);
    expect(outcome).toMatchObject({ kind: 'refused', reason: 'expired', state: 'NORMAL' });
    expect(next.challenge).toBeNull();
  });

  it("refuses another session's nonce (the hash is compared with this row only)", () => {
    const { s } = inChallenge();
    expect(verify(s, 'hash-of-someone-elses-nonce', 23).outcome).toMatchObject({
      kind: 'refused',
      reason: 'invalid_nonce',
    });
  });
});

describe('MUTED', () => {
  function mutedByWrongAnswer() {
    const { s, nonceHash } = inChallenge();
    return { s: verify(s, nonceHash, 1).next, nonceHash };
  }

  it('refuses every send with 429 until the mute expires, handing out the open question under a new nonce', () => {
    const { s } = mutedByWrongAnswer();
    const ticket = issue();
    const { next, outcome } = send(s, { hash: 'hello', at: T0 + 60_000, ticket });
    expect(outcome).toMatchObject({
      kind: 'blocked',
      state: 'MUTED_15MIN',
      nonce: ticket.nonce,
      isHeldByAddress: false,
    });
    expect(outcome.kind === 'blocked' && outcome.retryAfterSeconds).toBe(900 - 59);
    expect(next.state).toBe('MUTED_15MIN');
    expect(next.challenge).toMatchObject({ nonceHash: ticket.nonceHash, attempts: 1 });
  });

  it('issues a fresh question once the old one expired', () => {
    const { s } = mutedByWrongAnswer();
    const ticket = issue(55);
    const at = s.challenge!.expiresAt + 1;
    const { next } = send(s, { at, ticket });
    expect(next.challenge).toMatchObject({ answer: 55, attempts: 0, expiresAt: at + CHALLENGE_TTL_MS });
  });

  it('lifts the mute on a right answer', () => {
    const { s, nonceHash } = mutedByWrongAnswer();
    const { next, outcome } = verify(s, nonceHash, 23, T0 + 3000);
    expect(outcome).toEqual({ kind: 'verified' });
    expect(next).toMatchObject({ state: 'NORMAL', muteUntil: null, challenge: null, totalViolations: 1 });
  });

  it('uses up attempts on further wrong answers without escalating, then escalates on the 4th attempt', () => {
    const { s, nonceHash } = mutedByWrongAnswer();
    const second = verify(s, nonceHash, 2, T0 + 3000);
    expect(second.outcome).toMatchObject({ kind: 'wrong', state: 'MUTED_15MIN', attemptsLeft: 1 });
    const third = verify(second.next, nonceHash, 3, T0 + 4000);
    expect(third.outcome).toMatchObject({ kind: 'wrong', state: 'MUTED_15MIN', attemptsLeft: 0 });
    // Even the right answer is refused on the 4th attempt, and it counts as a violation.
    const fourth = verify(third.next, nonceHash, 23, T0 + 5000);
    expect(fourth.outcome).toEqual({ kind: 'refused', reason: 'attempts_exhausted', state: 'MUTED_60MIN' });
    expect(fourth.next).toMatchObject({
      state: 'MUTED_60MIN',
      totalViolations: 2,
      challenge: null,
      muteUntil: T0 + 5000 + MUTE_DURATION_MS.MUTED_60MIN,
    });
  });

  it('does not hand out a nonce for a challenge whose attempts are used up', () => {
    const { s, nonceHash } = mutedByWrongAnswer();
    const exhausted = verify(verify(s, nonceHash, 2).next, nonceHash, 3).next;
    const { next, outcome } = send(exhausted, { at: T0 + 10_000 });
    expect(outcome).toMatchObject({ kind: 'blocked', nonce: null, question: null });
    expect(next.challenge).toMatchObject({ nonceHash, attempts: 3 });
  });

  it('returns to NORMAL when the mute expires', () => {
    const { s } = mutedByWrongAnswer();
    const { next, outcome } = send(s, { hash: 'hello', at: s.muteUntil! });
    expect(outcome.kind).toBe('reply');
    expect(next).toMatchObject({ state: 'NORMAL', count: 1, muteUntil: null, challenge: null, totalViolations: 1 });
  });

  it('escalates 15 -> 60 -> permanent over successive violations', () => {
    let s = INITIAL_SNAPSHOT;
    const seen: string[] = [];
    let start = T0;
    for (let round = 0; round < 3; round += 1) {
      const looped = loop(s, 4, start);
      seen.push(looped.state.state);
      s = looped.state;
      start = (s.muteUntil ?? start) + 1;
    }
    expect(seen).toEqual(['MUTED_15MIN', 'MUTED_60MIN', 'PERMANENTLY_MUTED']);
    expect(s).toMatchObject({ totalViolations: 3, muteUntil: null, challenge: null });
    expect(muteForViolations(1)).toBe('MUTED_15MIN');
    expect(muteForViolations(2)).toBe('MUTED_60MIN');
    expect(muteForViolations(7)).toBe('PERMANENTLY_MUTED');
  });

  it('answers "muted" with a 60-minute mute on a second violation', () => {
    const second = { ...INITIAL_SNAPSHOT, totalViolations: 1 };
    const { outcomes } = loop(second, 4);
    expect(outcomes[3]).toMatchObject({ kind: 'muted', state: 'MUTED_60MIN', remainingSeconds: 3600 });
  });
});

describe('PERMANENTLY_MUTED', () => {
  const permanent: GuardSnapshot = { ...INITIAL_SNAPSHOT, state: 'PERMANENTLY_MUTED', totalViolations: 3 };

  it('refuses every send, forever, without a nonce', () => {
    const { next, outcome } = send(permanent, { at: T0 + 365 * 86_400_000 });
    expect(outcome).toEqual({
      kind: 'blocked',
      state: 'PERMANENTLY_MUTED',
      nonce: null,
      question: null,
      retryAfterSeconds: null,
      isHeldByAddress: false,
    });
    expect(next).toMatchObject({ state: 'PERMANENTLY_MUTED', count: 1 });
  });

  it('answers "permanently_muted" when the third violation happens', () => {
    const third = { ...INITIAL_SNAPSHOT, totalViolations: 2 };
    const { outcomes, state } = loop(third, 4);
    expect(outcomes[3]).toEqual({
      kind: 'muted',
      state: 'PERMANENTLY_MUTED',
      nonce: null,
      question: null,
      remainingSeconds: null,
    });
    expect(state.state).toBe('PERMANENTLY_MUTED');
  });

  it('refuses verification', () => {
    expect(verify(permanent, 'anything', 23).outcome).toEqual({
      kind: 'refused',
      reason: 'permanent',
      state: 'PERMANENTLY_MUTED',
    });
  });

  it('a wrong answer that is the third violation mutes permanently', () => {
    const { state } = loop({ ...INITIAL_SNAPSHOT, totalViolations: 2 }, 3);
    const { next, outcome } = verify(state, state.challenge!.nonceHash, 0);
    expect(outcome).toMatchObject({ kind: 'wrong', state: 'PERMANENTLY_MUTED', attemptsLeft: 0 });
    expect(next.challenge).toBeNull();
  });
});

describe('counting', () => {
  it('counts every send: 5 sends of one message end MUTED_15MIN with count 5 (test L1)', () => {
    const { state, outcomes } = loop(INITIAL_SNAPSHOT, 5);
    expect(outcomes.map((o) => o.kind)).toEqual(['reply', 'reply', 'challenge', 'muted', 'blocked']);
    expect(state).toMatchObject({ state: 'MUTED_15MIN', count: 5, totalViolations: 1 });
  });
});

describe('effectiveState', () => {
  const hold: IpHold = { state: 'MUTED_60MIN', muteUntil: T0 + 3_600_000 };

  it('takes the stronger of the own state and the address hold', () => {
    expect(effectiveState(INITIAL_SNAPSHOT, T0, hold)).toEqual({ ...hold, isHeldByAddress: true });
    const ownPermanent = { ...INITIAL_SNAPSHOT, state: 'PERMANENTLY_MUTED' as const };
    expect(effectiveState(ownPermanent, T0, hold)).toMatchObject({
      state: 'PERMANENTLY_MUTED',
      isHeldByAddress: false,
    });
    const ownLonger = { ...INITIAL_SNAPSHOT, state: 'MUTED_60MIN' as const, muteUntil: T0 + 4_000_000 };
    expect(effectiveState(ownLonger, T0, hold)).toMatchObject({ muteUntil: T0 + 4_000_000, isHeldByAddress: false });
  });

  it('applies expiry before comparing', () => {
    const expired = { ...INITIAL_SNAPSHOT, state: 'MUTED_15MIN' as const, muteUntil: T0 - 1 };
    expect(effectiveState(expired, T0, null)).toEqual({ state: 'NORMAL', muteUntil: null, isHeldByAddress: false });
  });
});
