import { describe, expect, it } from 'vitest';
import { emailSignupSchema } from '@shared/schemas/site';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it('agrees with the server schema the mailing list is validated with', () => {
    const samples = [
      'ana@example.com',
      '  Ana.Lopez+news@Example.co.uk ',
      '',
      '   ',
      'ana',
      'ana@',
      'ana@example',
      'ana@example.c',
      'ana @example.com',
      'ana@exa mple.com',
      '<ana>@example.com',
      `${'a'.repeat(250)}@example.com`,
      'ana@example..com',
      'ana@.example.com',
      'ana@example.com.',
      `a@${'.'.repeat(5000)}@`,
      `a@${'b.'.repeat(3000)}`,
    ];
    for (const email of samples) {
      expect(isValidEmail(email), email).toBe(emailSignupSchema.safeParse({ email }).success);
    }
  });
});
