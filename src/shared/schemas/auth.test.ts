import { describe, expect, it } from 'vitest';
import { failedPasswordRules, loginSchema, registerSchema, safeReturnTo } from './auth';

describe('shared auth schemas', () => {
  it('registration trims names, lower-cases the email and rejects whitespace-only names', () => {
    const parsed = registerSchema.parse({
      firstName: ' Ana ',
      lastName: 'Diaz',
      email: ' Ana@Example.TEST ',
      password: 'Quiet-Meadow-58',
    });
    expect(parsed).toMatchObject({ firstName: 'Ana', email: 'ana@example.test', businessName: '' });
    const result = registerSchema.safeParse({
      firstName: '   ',
      lastName: '',
      email: 'nope',
      password: 'Quiet-Meadow-58',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(['First name is required', 'Last name is required', 'Please enter a valid email address']),
    );
  });

  it('refuses unknown registration fields', () => {
    expect(
      registerSchema.safeParse({
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        password: 'Quiet-Meadow-58',
        role: 'admin',
      }).success,
    ).toBe(false);
  });

  it('login needs both email and password', () => {
    const result = loginSchema.safeParse({ email: '', password: '' });
    expect(result.error?.issues[0]?.message).toBe('Please enter both email and password');
  });

  it('lists every failed password rule', () => {
    expect(failedPasswordRules('abc').map((rule) => rule.id)).toEqual(['length', 'upper', 'number', 'special']);
    expect(failedPasswordRules('Quiet-Meadow-58')).toEqual([]);
  });

  it('keeps only same-site return paths', () => {
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
  });
});
