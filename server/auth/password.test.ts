import { describe, expect, it } from 'vitest';
import { hashPassword, passwordPolicyError, verifyPassword } from './password';

describe('password policy', () => {
  it('names the first rule a password breaks, with the literal message', () => {
    expect(passwordPolicyError('Sh0rt!')).toBe('Password must be at least 8 characters long');
    expect(passwordPolicyError('lowercase-only-1')).toBe('Password must contain at least one uppercase letter');
    expect(passwordPolicyError('UPPERCASE-ONLY-1')).toBe('Password must contain at least one lowercase letter');
    expect(passwordPolicyError('No-Digits-Here')).toBe('Password must contain at least one number');
    expect(passwordPolicyError('NoSpecial123')).toBe('Password must contain at least one special character');
  });

  it('refuses common passwords and our own context words, accepts a sound one', () => {
    expect(passwordPolicyError('Password123!')).toMatch(/too common/);
    expect(passwordPolicyError('Funding-2026')).toMatch(/company name/);
    expect(passwordPolicyError('Quiet-Meadow-58')).toBeNull();
    expect(passwordPolicyError('LOAN!!!!12loan')).toMatch(/company name/);
    expect(passwordPolicyError('Alexander-99!', { email: 'alexander@example.test' })).toMatch(/email/);
    expect(passwordPolicyError('Quiet Meadow 58 ümlaut')).toBeNull();
  });

  it('stores Argon2id with OWASP parameters and verifies', async () => {
    const hash = await hashPassword('Quiet-Meadow-58');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=3,p=1\$/);
    expect(await verifyPassword(hash, 'Quiet-Meadow-58')).toBe(true);
    expect(await verifyPassword(hash, 'Quiet-Meadow-59')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
