import { describe, expect, it } from 'vitest';
import { ECOA_NOTICE_TEXT } from '../../../src/shared/decisions';
import { parseLenderEnv } from '../../../src/shared/lender';
import { buildAdverseActionNotice, noticeKindOf } from './adverse-action';
import { adverseActionNoticeMail } from './decision-emails';

// docs/product.md 6.7: which decisions need a notice, and what it says.

const lender = parseLenderEnv({ LENDER_NMLS_ID: '1234567', LENDER_ADDRESS: '9 Test Street|Austin, TX 78701' });

describe('adverse action notice', () => {
  it('is needed for a decline and for an approval below the request, never for a full approval', () => {
    expect(noticeKindOf({ decision: 'declined', requestedCents: 5_000_000, approvedCents: null })).toBe('declined');
    expect(noticeKindOf({ decision: 'approved', requestedCents: 5_000_000, approvedCents: 3_000_000 })).toBe(
      'counter_offer',
    );
    expect(noticeKindOf({ decision: 'approved', requestedCents: 5_000_000, approvedCents: 5_000_000 })).toBeNull();
    expect(noticeKindOf({ decision: 'approved', requestedCents: 5_000_000, approvedCents: null })).toBeNull();
  });

  it('states the action, the adverse reasons in words (approval reasons left out), the rights, ECOA and the lender', async () => {
    const notice = buildAdverseActionNotice({
      kind: 'counter_offer',
      applicationId: 'abcdef12-0000-4000-8000-000000000000',
      businessName: 'Test Bakery LLC',
      requestedCents: 10_000_000,
      approvedCents: 6_250_000,
      reasons: ['meets-requirements', 'existing-financing', 'other'],
      otherReason: 'Two owners could not be reached.',
      lender,
      decidedAt: new Date('2026-03-05T23:30:00Z'),
    });
    expect(notice).toMatchObject({
      date: 'March 5, 2026',
      reference: 'ABCDEF12',
      action:
        'We are unable to approve your application for the $100,000 you requested. We can offer $62,500 instead; ' +
        'the offer is in your client portal.',
      reasons: [
        'The payments on your existing business financing are too high compared with your revenue.',
        'Two owners could not be reached.',
      ],
      ecoa: ECOA_NOTICE_TEXT,
      lender: { addressLines: ['9 Test Street', 'Austin, TX 78701'], nmlsId: '1234567' },
    });
    expect(notice.rightToStatement).toContain('9 Test Street, Austin, TX 78701');
    const mail = await adverseActionNoticeMail(lender, {
      to: 'a@example.test',
      ownerName: 'Pat',
      notice,
      publicUrl: 'https://x.test',
    });
    expect(mail.subject).toBe('Notice of action taken on application ABCDEF12');
    expect(mail.text).toContain('- Two owners could not be reached.');
    expect(mail.text).toContain('NMLS ID 1234567');
    expect(mail.text).toContain(ECOA_NOTICE_TEXT);
  });
});
