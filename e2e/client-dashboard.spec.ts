import { randomUUID } from 'node:crypto';
import { newApplicant, submitOverApi } from './apply-helpers';
import { a11yViolations } from './axe';
import { expectWelcomeClearOfButtons } from './client-welcome';
import { createUser, db, expect, test, type E2EUser } from './fixtures';

// The dashboard once money has moved (docs/product.md 5, 9): the summary is about the loan, renewal and refinance
// prompts follow the server's eligibility, the rewards counts agree with the cards, and one welcome per sign-in.

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A funded application with a 10-week loan of $13,000 ($1,300 a week), the first `paid` installments paid. */
async function seedFundedLoan(client: E2EUser, paid: number) {
  const applicationId = randomUUID();
  const loanId = randomUUID();
  const fundedAt = new Date(Date.now() - 7 * DAY);
  const firstDue = dayOf(Date.now() + 7 * DAY);
  await db().query(
    `INSERT INTO applications (id, user_id, status, ai_approved, loan_amount_cents, approved_amount_cents, business_name,
      business_type, time_in_business, business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4,
      date_of_birth_enc, owner_name, email, phone, estimated_credit_score, monthly_revenue, decided_at, created_at, updated_at)
     VALUES (?, ?, 'funded', 'approved', 1000000, 1000000, ?, 'Retail', '2-5 years', '2022-05-01',
      '12 Example Ave, Springfield, IL 62701', 'v1:placeholder', '6789', 'v1:placeholder', '4321', 'v1:placeholder',
      'Robin Example', ?, '(555) 010-0199', 700, '$50,000 - $100,000', ?, ?, ?)`,
    [
      applicationId,
      client.id,
      `Harbor Bakery ${applicationId.slice(0, 6)}`,
      client.email,
      fundedAt,
      fundedAt,
      fundedAt,
    ],
  );
  await db().query(
    `INSERT INTO loans (id, application_id, user_id, principal_cents, purchased_amount_cents, factor_rate_milli,
      weekly_payment_cents, term_weeks, apr_bps, status, funded_at, first_payment_date, created_at)
     VALUES (?, ?, ?, 1000000, 1300000, 1300, 130000, 10, 6500, 'current', ?, ?, ?)`,
    [loanId, applicationId, client.id, fundedAt, firstDue, fundedAt],
  );
  const schedule = Array.from({ length: 10 }, (_, index) => [
    loanId,
    index + 1,
    dayOf(Date.parse(`${firstDue}T00:00:00Z`) + index * 7 * DAY),
    130000,
  ]);
  await db().query('INSERT INTO loan_schedule (loan_id, seq, due_date, amount_cents) VALUES ?', [schedule]);
  await addPayments(loanId, paid);
  return { loanId, firstDue };
}

async function addPayments(loanId: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    await db().query(
      'INSERT INTO loan_payments (id, loan_id, amount_cents, paid_on, note, created_at) VALUES (?, ?, 130000, ?, ?, ?)',
      [randomUUID(), loanId, dayOf(Date.now()), 'installment', new Date()],
    );
  }
}

test.describe('dashboard after funding', () => {
  test('shows the balance and next payment, and renewal prompts only once the loan is eligible', async ({
    page,
    loginAs,
  }) => {
    const client = await loginAs('client');
    const { loanId } = await seedFundedLoan(client, 1);
    await page.goto('/dashboard');
    const summary = page.getByRole('region', { name: 'Summary' });
    // The first page of a fresh server waits for its statement readers to warm up.
    await expect(summary.getByText('Current Balance')).toBeVisible({ timeout: 30_000 });
    await expect(summary.getByText('$11,700')).toBeVisible();
    await expect(summary.getByText('Next Payment')).toBeVisible();
    await expect(summary.getByText(/^\$1,300 on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(summary.getByText('Pre-Approved')).toHaveCount(0);
    const main = page.getByRole('main');
    // 10% paid: neither a new loan nor a refinance is offered yet.
    await expect(main.getByRole('link', { name: 'Apply for New Loan' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Apply for Renewal' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Request Refinancing' })).toHaveCount(0);
    await expect(
      main.getByText("Renewal and refinancing open once half of your loan's total repayment is paid."),
    ).toBeVisible();
    expect(await a11yViolations(page)).toEqual([]);

    // Half paid: the server says eligible, and the prompts appear with that loan.
    await addPayments(loanId, 4);
    await page.reload();
    await expect(summary.getByText('$6,500')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Apply for Renewal' })).toHaveAttribute('href', '/apply');
    await main.getByRole('button', { name: 'Request Refinancing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Refinancing' });
    await expect(dialog.getByRole('option', { name: /Harbor Bakery .* \(balance \$6,500\)/ })).toHaveCount(1);
  });
});

test.describe('rewards on the dashboard', () => {
  test('the counts agree with the cards: ready to claim, then available once claimed', async ({ page, loginAs }) => {
    const client = await loginAs('client');
    await db().query(
      `INSERT INTO milestone_progress (id, user_id, milestone_id, current_progress, is_completed, completed_at, reward_claimed)
       VALUES (?, ?, 'account-created', 1, 1, ?, 0)`,
      [randomUUID(), client.id, new Date()],
    );
    await page.goto('/dashboard?tab=rewards');
    const counts = page.getByTestId('rewards-counts');
    await expect(counts).toContainText('1 of 10 milestones completed');
    await expect(counts).toContainText('1 ready to claim · 0 rewards available');
    const ready = page.getByRole('region', { name: 'Ready to Claim' });
    await expect(ready.getByRole('article')).toHaveCount(1);
    const available = page.getByRole('region', { name: 'Available Rewards' });
    await expect(available.getByText('Claim a completed milestone above to add its reward here.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Active Milestones' }).getByText('Showing 3 of 9')).toBeVisible();

    await ready.getByRole('button', { name: 'Claim reward for Welcome Aboard' }).click();
    await expect(counts).toContainText('1 of 10 milestones completed · 1 reward available');
    await expect(page.getByRole('region', { name: 'Ready to Claim' })).toHaveCount(0);
    await expect(available.getByRole('article')).toHaveCount(1);
    expect(await a11yViolations(page)).toEqual([]);
  });
});

test.describe('welcome', () => {
  test("a client who signs in and goes straight to the wizard sees one welcome: the wizard's replaces the sign-in's", async ({
    page,
  }) => {
    const client = await createUser({ firstName: 'Riley' });
    await submitOverApi(page, { ...newApplicant(), email: client.email });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In to Your Account' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(client.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/client-portal$/);
    const toasts = page.locator('[data-scope="toast"][data-part="root"]');
    await expect(toasts).toHaveCount(1);
    // Straight on while the sign-in's welcome is still on screen (a link: no page load, the same notifications).
    await page.getByRole('link', { name: 'Apply for New Loan' }).first().click();
    // The first page of a fresh server waits for its statement readers to warm up.
    await expect(page.getByRole('heading', { name: 'Upload Documents', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(toasts).toContainText("We've pre-filled your information from your previous application.");
    await expect(toasts).toHaveCount(1);
  });
});

test.describe('welcome on sign-in', () => {
  test('one toast, clear of every button', async ({ page }) => {
    await expectWelcomeClearOfButtons(page, await createUser({ firstName: 'Lena' }));
  });
});
