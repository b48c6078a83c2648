import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssueMessages } from './errors';

describe('firstIssueMessages', () => {
  const schema = z.object({
    amount: z.number({ message: 'Amount is required' }).min(10, 'At least 10'),
    reason: z.string().min(1, 'Reason is required'),
    note: z.string(),
  });

  it('keeps the first message of each listed field and ignores the others', () => {
    const result = schema.safeParse({ amount: undefined, reason: '', note: 3 });
    expect(result.success).toBe(false);
    expect(firstIssueMessages(result.error?.issues ?? [], ['amount', 'reason'] as const)).toEqual({
      amount: 'Amount is required',
      reason: 'Reason is required',
    });
  });

  it('answers nothing for a field without issues', () => {
    const result = schema.safeParse({ amount: 5, reason: 'ok', note: '' });
    expect(firstIssueMessages(result.error?.issues ?? [], ['amount', 'reason'] as const)).toEqual({
      amount: 'At least 10',
    });
  });
});
