import { describe, expect, it } from 'vitest';
import { parseLenderEnv } from '../../../src/shared/lender';
import { applicantReceipt, staffNotice, type SubmissionSummary } from './emails';

const lender = parseLenderEnv({ LENDER_BRAND_NAME: 'Canary Capital' });

const summary: SubmissionSummary = {
  applicationId: '0f1e2d3c-0000-4000-8000-000000000000',
  businessName: 'Canary Bakery LLC',
  ownerName: 'Pat Example',
  email: 'pat@example.test',
  loanAmount: 75_000,
  decision: 'approved',
  approvedAmount: 60_000,
  isExistingClient: false,
  documentCount: 3,
};

describe('submission emails', () => {
  it('sends the applicant a receipt with the reference and the outcome', async () => {
    const mail = await applicantReceipt(lender, summary, 'https://funding.example');
    expect(mail.to).toBe('pat@example.test');
    expect(mail.text).toContain('$75,000');
    expect(mail.text).toContain('0F1E2D3C');
    expect(mail.text).toContain('pre-approved for up to $60,000');
    expect(mail.subject).toBe('We received your Canary Capital application');
    expect(mail.html).toContain('pre-approved for up to $60,000');
    expect((await applicantReceipt(lender, { ...summary, decision: 'review' }, 'x')).text).toContain('within 24 hours');
  });

  it('tells staff about the new application', async () => {
    const mail = await staffNotice(lender, summary, 'staff@example.test', 'https://funding.example');
    expect(mail.to).toBe('staff@example.test');
    expect(mail.subject).toBe('New application: Canary Bakery LLC ($75,000)');
    expect(mail.text).toContain('Engine decision: approved');
    expect(mail.text).not.toMatch(/\n\n\n/);
  });
});
