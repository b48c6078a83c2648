// The renewal rule (docs/product.md 5.5) decided by the server and returned with each of the client's loans: the
// client area shows its renewal and refinance prompts from `renewalEligible` alone.
import { describe, expect, it } from 'vitest';
import { insertLoan } from '../../test/factories/clients';
import { callerFor, insertUser } from '../../test/harness';

const today = new Date().toISOString().slice(0, 10);

async function loanAfter(installmentsPaid: number) {
  const client = await insertUser();
  // $20,000 at 1.35 over 4 weeks: $27,000 to repay in four installments of $6,750.
  const payments = Array.from({ length: installmentsPaid }, () => ({ amountCents: 6_750_00, paidOn: today }));
  const loan = await insertLoan({
    userId: client.id,
    principalCents: 2_000_000,
    factorRate: 1.35,
    termWeeks: 4,
    payments,
  });
  const caller = await callerFor(client);
  const [listed] = await caller.client.loans();
  const renewal = await caller.client.renewal({ id: loan.id });
  return { listed: listed!, renewal };
}

describe('renewal eligibility of a client loan', () => {
  it('is false before half of the repayment is paid, as the renewal tracker says', async () => {
    const { listed, renewal } = await loanAfter(1);
    expect(listed).toMatchObject({ status: 'current', totalPaid: 6_750, renewalEligible: false });
    expect(renewal.eligible).toBe(false);
  });

  it('is true once half is paid, the same rule the renewal tracker uses', async () => {
    const { listed, renewal } = await loanAfter(2);
    expect(listed).toMatchObject({ status: 'current', totalPaid: 13_500, renewalEligible: true });
    expect(renewal.eligible).toBe(true);
  });

  it('is false for a loan paid off: nothing left to renew or refinance', async () => {
    const { listed } = await loanAfter(4);
    expect(listed).toMatchObject({ status: 'paid_off', balance: 0, renewalEligible: false });
  });
});
