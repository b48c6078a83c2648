import { describe, expect, it } from 'vitest';
import { maskUrlForLog, serializeError } from './logger';

describe('log hygiene', () => {
  it('drops the values bound to a failed query from message, stack and fields', () => {
    const error = Object.assign(
      new Error('Failed query: insert into users values (?, ?)\nparams: canary@example.test,$argon2id$secret'),
      {
        query: 'insert into users values (?, ?)',
        params: ['canary@example.test', '$argon2id$secret'],
        cause: Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' }),
      },
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain('canary@example.test');
    expect(text).not.toContain('$argon2id$secret');
    expect(text).toContain('ER_DUP_ENTRY');
    expect(text).toContain('insert into users values (?, ?)');
  });

  it('masks emails and tokens in logged URLs', () => {
    expect(maskUrlForLog('/api/admin/applications/by-email/canary%40example.test')).toBe(
      '/api/admin/applications/by-email/[email]',
    );
    expect(maskUrlForLog('/reset-password?token=abc123&x=1')).toBe('/reset-password?token=[redacted]&x=1');
  });
});
