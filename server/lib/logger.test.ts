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
    expect(maskUrlForLog('/api/x?email=owner@example.test&page=2')).toBe('/api/x?email=[email]&page=2');
    expect(maskUrlForLog('/a/b@c@d/e')).toBe('/a/[email]/e');
  });

  it('masks a long path in one pass (no pattern that backtracks over it)', () => {
    const long = `/${'a'.repeat(200_000)}`;
    expect(maskUrlForLog(long)).toBe(long);
    expect(maskUrlForLog(`${long}@x`)).toBe('/[email]');
  });
});
