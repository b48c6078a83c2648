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
    for (const status of ['pending', 'review']) {
      expect(setApplicationStatusSchema.safeParse({ id: 'a', status }).success).toBe(true);
    }
    for (const status of ['approved', 'declined']) {
      expect(
        setApplicationStatusSchema.safeParse({ id: 'a', status, reasons: ['other'], otherReason: 'x' }).success,
      ).toBe(true);
    }
    for (const status of ['funded', 'incomplete', 'anything']) {
      expect(setApplicationStatusSchema.safeParse({ id: 'a', status, reasons: ['other'] }).success).toBe(false);
    }
  });

  it('takes 1-4 principal reasons from the list for a decision, and none otherwise (docs/product.md 6.7)', () => {
    const messages = (input: object) => {
      const result = setApplicationStatusSchema.safeParse({ id: 'a', ...input });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ status: 'declined' })).toEqual(['reasons: Choose at least one principal reason for declining']);
    expect(messages({ status: 'approved', reasons: [] })).toEqual([
      'reasons: Choose at least one principal reason for approving',
    ]);
    expect(messages({ status: 'declined', reasons: ['made-up'] })).toEqual(['reasons.0: Choose reasons from the list']);
    expect(
      messages({
        status: 'declined',
        reasons: ['insufficient-revenue', 'negative-days', 'existing-financing', 'time-in-business', 'credit-history'],
      }),
    ).toEqual(['reasons: Choose at most 4 principal reasons']);
    expect(messages({ status: 'declined', reasons: ['verified-by-staff'] })).toEqual([
      'reasons: A decline takes reasons against the application only',
    ]);
    expect(messages({ status: 'declined', reasons: ['other'], otherReason: '   ' })).toEqual([
      'otherReason: Describe the other reason in words the applicant will read',
    ]);
    expect(messages({ status: 'approved', reasons: ['meets-requirements'], otherReason: 'Why' })).toEqual([
      'otherReason: Choose "Staff judgement: other" to give a reason of your own',
    ]);
    expect(messages({ status: 'review', note: 'Looks fine' })).toEqual([
      'reasons: Reasons are given only when approving or declining',
    ]);
    expect(messages({ status: 'approved', reasons: ['meets-requirements', 'meets-requirements'], note: 'ok' })).toEqual(
      [],
    );
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
