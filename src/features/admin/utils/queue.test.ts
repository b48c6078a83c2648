import { describe, expect, it } from 'vitest';
import { waitingFor } from './queue';

describe('waitingFor', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says minutes, then hours, then days', () => {
    expect(waitingFor('2026-03-10T11:59:00Z', now)).toBe('1 minute');
    expect(waitingFor('2026-03-10T11:15:00Z', now)).toBe('45 minutes');
    expect(waitingFor('2026-03-10T11:00:00Z', now)).toBe('1 hour');
    expect(waitingFor('2026-03-08T13:00:00Z', now)).toBe('47 hours');
    expect(waitingFor('2026-03-01T12:00:00Z', now)).toBe('9 days');
  });
  it('never says a negative age (a clock ahead of the browser)', () => {
    expect(waitingFor('2026-03-10T12:05:00Z', now)).toBe('0 minutes');
  });
});
