import type { GuardState } from '@shared/constants';

/** The addition question inside a server message ("… confirm you're human: 17 + 6 = ?"), or null. */
export function extractChallengeQuestion(text: string): string | null {
  const match = /(\d{1,4})\s*\+\s*(\d{1,4})\s*=\s*\?/.exec(text);
  return match ? `${match[1]} + ${match[2]} = ?` : null;
}

/** Remaining mute time as whole minutes, rounded up. */
export function muteMinutes(remainingSeconds: number): number {
  return Math.max(0, Math.ceil(remainingSeconds / 60));
}

export function minutesLabel(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The "Mute Expires" counter: minutes left of a timed mute, 'Never' for a permanent one. */
export function muteExpiresLabel(state: GuardState, remainingSeconds: number | null | undefined): string {
  if (state === 'PERMANENTLY_MUTED') return 'Never';
  if (!remainingSeconds || remainingSeconds <= 0) return '—';
  return `${muteMinutes(remainingSeconds)} min`;
}

export function isTimedMute(state: GuardState): state is 'MUTED_15MIN' | 'MUTED_60MIN' {
  return state === 'MUTED_15MIN' || state === 'MUTED_60MIN';
}

export function messagePlaceholder(state: GuardState, isSending: boolean): string {
  if (isSending) return 'Sending...';
  switch (state) {
    case 'NORMAL':
      return 'Type your message...';
    case 'CHALLENGE':
      return 'Complete human verification to continue...';
    case 'MUTED_15MIN':
    case 'MUTED_60MIN':
      return 'Chat is temporarily muted...';
    case 'PERMANENTLY_MUTED':
      return 'Chat is permanently muted';
  }
}

export const STATE_PALETTE: Record<GuardState, string> = {
  NORMAL: 'green',
  CHALLENGE: 'orange',
  MUTED_15MIN: 'yellow',
  MUTED_60MIN: 'yellow',
  PERMANENTLY_MUTED: 'red',
};

/** Toast text for a 429. */
export function rateLimitedDescription(state: GuardState, hasNonce: boolean, serverMessage: string): string {
  if (state === 'PERMANENTLY_MUTED') return 'Permanently muted due to automated behavior';
  // The per-address message limit answers 429 without a mute; its own message says why.
  if (state === 'NORMAL' || state === 'CHALLENGE') return serverMessage;
  return hasNonce ? 'Temporarily muted. Verification available.' : 'Temporarily muted.';
}
