import { describe, expect, it } from 'vitest';
import {
  extractChallengeQuestion,
  messagePlaceholder,
  muteExpiresLabel,
  muteMinutes,
  rateLimitedDescription,
} from './guard-text';

describe('extractChallengeQuestion', () => {
  it('finds the addition question in a server message', () => {
    expect(extractChallengeQuestion("To keep chatting, please confirm you're human: 17 + 6 = ?")).toBe('17 + 6 = ?');
    expect(extractChallengeQuestion('verify: 42+9=?')).toBe('42 + 9 = ?');
    expect(extractChallengeQuestion('Temporarily muted. Try again in 15 minutes.')).toBeNull();
  });
});

describe('muteMinutes', () => {
  it('rounds up to whole minutes', () => {
    expect(muteMinutes(900)).toBe(15);
    expect(muteMinutes(841)).toBe(15);
    expect(muteMinutes(1)).toBe(1);
    expect(muteMinutes(0)).toBe(0);
  });
});

describe('muteExpiresLabel', () => {
  it('shows minutes for a timed mute, Never for a permanent one and a dash otherwise', () => {
    expect(muteExpiresLabel('MUTED_15MIN', 899)).toBe('15 min');
    expect(muteExpiresLabel('MUTED_60MIN', 3541)).toBe('60 min');
    expect(muteExpiresLabel('PERMANENTLY_MUTED', null)).toBe('Never');
    expect(muteExpiresLabel('NORMAL', 0)).toBe('—');
  });
});

describe('messagePlaceholder', () => {
  it('varies by state', () => {
    const placeholders = new Set(
      (['NORMAL', 'CHALLENGE', 'MUTED_15MIN', 'PERMANENTLY_MUTED'] as const).map((state) =>
        messagePlaceholder(state, false),
      ),
    );
    expect(placeholders.size).toBe(4);
    expect(messagePlaceholder('NORMAL', true)).toBe('Sending...');
  });
});

describe('rateLimitedDescription', () => {
  it('follows the spec texts', () => {
    expect(rateLimitedDescription('PERMANENTLY_MUTED', false, 'x')).toBe('Permanently muted due to automated behavior');
    expect(rateLimitedDescription('MUTED_15MIN', true, 'x')).toBe('Temporarily muted. Verification available.');
    expect(rateLimitedDescription('MUTED_60MIN', false, 'x')).toBe('Temporarily muted.');
  });
});
