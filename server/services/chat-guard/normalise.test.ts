import { describe, expect, it } from 'vitest';
import { applyMessage, INITIAL_SNAPSHOT, type GuardSnapshot } from './machine';
import { normalizeMessage, repeatKey } from './normalise';

// docs/security.md L2: 10 obfuscated variants of one message, all detected as repeats.
const VARIANTS = [
  'FUND WEEKLY',
  'fund weekly', // case
  '  Fund    Weekly  ', // whitespace
  'F U N D  W E E K L Y', // spaced out
  'FUND\u200B WEE\u200DKLY\uFEFF', // zero-width space, joiner, BOM
  'FUND WEEKLY!!!', // punctuation
  'F.U.N.D. W-E-E-K-L-Y?', // punctuation inside
  'FUND WΕΕKLY', // Greek capital epsilon
  'ＦＵＮＤ ＷＥＥＫＬＹ', // fullwidth (NFKC)
  'fund wеекlу', // Cyrillic е, е, к, у
  'FUND WEEK1Y', // digit one for L
  'FÚND WÉÉKLY', // diacritics
  'fuuund weeeekly', // stretched letters
];

describe('repeatKey', () => {
  it('folds obfuscated variants of one message to the same key', () => {
    const keys = new Set(VARIANTS.map(repeatKey));
    expect([...keys]).toEqual(['fundwekly']);
  });

  it('detects 10 obfuscated variants as repeats in the guard (L2)', () => {
    const ten = [
      'fund weekly',
      'FUND  WEEKLY',
      'F U N D W E E K L Y',
      'FUND\u200BWEEKLY',
      'FUND WEEKLY!!',
      'ＦＵＮＤ ＷＥＥＫＬＹ',
      'fund wеекlу',
      'FUND WΕΕKLY',
      'FUND WEEK1Y',
      'FÚND WÉÉKLY',
    ];
    let s: GuardSnapshot = applyMessage(INITIAL_SNAPSHOT, {
      messageHash: repeatKey('FUND WEEKLY'),
      now: 0,
      hold: null,
      issue: { nonce: 'n', nonceHash: 'h', question: '1 + 1 = ?', answer: 2 },
    }).next;
    let detected = 0;
    for (const [index, variant] of ten.entries()) {
      // Each variant is compared with the original (a fresh 2-message streak), so each one alone must match.
      const probe = applyMessage(s, {
        messageHash: repeatKey(variant),
        now: 1000 + index,
        hold: null,
        issue: { nonce: 'n', nonceHash: 'h', question: '1 + 1 = ?', answer: 2 },
      });
      if (probe.next.count === 2) detected += 1;
    }
    expect(detected).toBe(10);
    // And sent one after another, the third already opens the challenge.
    for (const variant of ten.slice(0, 2)) {
      s = applyMessage(s, {
        messageHash: repeatKey(variant),
        now: 2000,
        hold: null,
        issue: { nonce: 'n', nonceHash: 'h', question: '1 + 1 = ?', answer: 2 },
      }).next;
    }
    expect(s.state).toBe('CHALLENGE');
  });

  it('keeps different messages apart', () => {
    expect(repeatKey('FUND WEEKLY')).not.toBe(repeatKey('FUND MONTHLY'));
    expect(repeatKey('What documents do I need?')).not.toBe(repeatKey('What rates do you offer?'));
    expect(repeatKey('👍')).not.toBe(repeatKey('😀'));
    expect(repeatKey('👍')).toBe(repeatKey(' 👍 '));
  });
});

describe('normalizeMessage', () => {
  it('case folds, removes punctuation and zero-width characters and collapses whitespace', () => {
    expect(normalizeMessage('  Hello,\u00A0 WORLD!\u200B  ')).toBe('hello world');
    expect(normalizeMessage('Straße')).toBe('strasse');
  });
});
