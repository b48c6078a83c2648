import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_CHARS, chatMessageSchema, verifyChallengeSchema } from './chat-guard';

describe('chatMessageSchema', () => {
  it('trims the message', () => {
    expect(chatMessageSchema.parse({ message: '  Hello  ' })).toEqual({ message: 'Hello' });
  });

  it('refuses an empty or whitespace-only message', () => {
    expect(chatMessageSchema.safeParse({ message: '' }).success).toBe(false);
    expect(chatMessageSchema.safeParse({ message: ' \n\t ' }).error?.issues[0]?.message).toBe(
      'Message cannot be empty',
    );
    expect(chatMessageSchema.safeParse({}).success).toBe(false);
  });

  it('allows 2,000 characters and refuses 2,001, counting an emoji as one', () => {
    expect(chatMessageSchema.safeParse({ message: 'a'.repeat(CHAT_MESSAGE_MAX_CHARS) }).success).toBe(true);
    expect(chatMessageSchema.safeParse({ message: '😀'.repeat(CHAT_MESSAGE_MAX_CHARS) }).success).toBe(true);
    const tooLong = chatMessageSchema.safeParse({ message: 'a'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) });
    expect(tooLong.error?.issues[0]?.message).toBe('Message must be at most 2,000 characters');
  });
});

describe('verifyChallengeSchema', () => {
  it('accepts the answer as a number or as the input text', () => {
    expect(verifyChallengeSchema.parse({ nonce: 'abc', answer: 23 })).toEqual({ nonce: 'abc', answer: 23 });
    expect(verifyChallengeSchema.parse({ nonce: 'abc', answer: ' 23 ' })).toEqual({ nonce: 'abc', answer: 23 });
  });

  it('refuses a missing nonce and an answer that is not a whole number', () => {
    expect(verifyChallengeSchema.safeParse({ nonce: '', answer: 1 }).success).toBe(false);
    for (const answer of ['', 'abc', '2.5', 2.5, null, '99999999']) {
      expect(verifyChallengeSchema.safeParse({ nonce: 'abc', answer }).success).toBe(false);
    }
  });
});
