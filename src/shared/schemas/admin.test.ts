import { describe, expect, it } from 'vitest';
import {
  aiDecisionLabel,
  dollarsToCents,
  listApplicantsSchema,
  listApplicationsSchema,
  recordPaymentSchema,
  revealPiiSchema,
  setApplicationStatusSchema,
} from './admin';

describe('admin schemas', () => {
  it('reads REST query strings: page and limit as numbers, empty search as none', () => {
    expect(listApplicationsSchema.parse({ page: '2', limit: '50', search: '  ' })).toEqual({
      page: 2,
      limit: 50,
      search: undefined,
      status: 'all',
      aiApproved: 'all',
      assignee: 'all',
      cursor: undefined,
      direction: 'next',
    });
    expect(() => listApplicationsSchema.parse({ limit: '51' })).toThrow();
    expect(() => listApplicationsSchema.parse({ status: 'funded' })).toThrow();
    expect(() => listApplicationsSchema.parse({ sort: 'x' })).toThrow();
  });

  it('reads a search term trimmed, with runs of spaces as one', () => {
    expect(listApplicationsSchema.parse({ search: '  Jane \t  Do ' }).search).toBe('Jane Do');
    expect(listApplicantsSchema.parse({ search: 'Jane   Do' }).search).toBe('Jane Do');
    expect(() => listApplicantsSchema.parse({ search: 'x'.repeat(101) })).toThrow();
  });

  it('lets staff set only pending, review, approved and declined', () => {
    for (const status of ['pending', 'review', 'approved', 'declined']) {
      expect(setApplicationStatusSchema.safeParse({ id: 'a', status }).success).toBe(true);
    }
    for (const status of ['funded', 'incomplete', 'anything']) {
      expect(setApplicationStatusSchema.safeParse({ id: 'a', status }).success).toBe(false);
    }
  });

  it('needs a reason and a 6-digit code to reveal', () => {
    expect(revealPiiSchema.safeParse({ id: 'a', field: 'ssn', reason: 'Identity check', code: '123456' }).success).toBe(
      true,
    );
    expect(revealPiiSchema.safeParse({ id: 'a', field: 'ssn', reason: '   ', code: '123456' }).success).toBe(false);
    expect(revealPiiSchema.safeParse({ id: 'a', field: 'ssn', reason: 'Identity check', code: '12345' }).success).toBe(
      false,
    );
  });

  it('parses typed dollar amounts into cents and payment dates strictly', () => {
    expect(dollarsToCents('1,234.5')).toBe(123_450);
    expect(dollarsToCents('$ 99')).toBe(9_900);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('12.345')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(recordPaymentSchema.safeParse({ loanId: 'l', amountCents: 100, paidOn: '2026-02-30' }).success).toBe(false);
    expect(recordPaymentSchema.safeParse({ loanId: 'l', amountCents: 100, paidOn: '2026-02-28' }).success).toBe(true);
  });

  it('labels AI decisions as the spec does', () => {
    expect(aiDecisionLabel('approved')).toBe('AI Approved');
    expect(aiDecisionLabel('declined')).toBe('AI Declined');
    expect(aiDecisionLabel('review')).toBe('Needs Review');
    expect(aiDecisionLabel(null)).toBe('Unknown');
  });
});
