import { randomUUID } from 'node:crypto';
import { a11yViolations } from './axe';
import { createUser, db, E2E_BASE_URL, expect, latestMailTo, signIn, test } from './fixtures';

// Decisions with principal reasons (docs/product.md 6.7): an underwriter declines with reasons, the applicant is
// emailed the adverse action notice and reads it in the client portal.

const word = () => `Qd${randomUUID().replace(/-/g, '').slice(0, 8)}`;

/** An application in review owned by `userId`, inserted straight into the database (synthetic data). */
async function insertReviewApplication(businessName: string, userId: string, email: string): Promise<string> {
  const id = randomUUID();
  const created = new Date(Date.now() - 60_000);
  await db().query(
    `INSERT INTO applications (id, user_id, status, ai_approved, loan_amount_cents, business_name, business_type, time_in_business,
      business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4, date_of_birth_enc, owner_name, email, phone,
      estimated_credit_score, monthly_revenue, created_at, updated_at)
     VALUES (?, ?, 'review', 'declined', 4500000, ?, 'Retail', '1-2 years', '2025-06-01', '12 Example Ave, Springfield, IL 62701',
      'v1:placeholder', '6789', 'v1:placeholder', '4321', 'v1:placeholder', 'Robin Example', ?, '(555) 010-0199', 650,
      '$10,000 - $20,000', ?, ?)`,
    [id, userId, businessName, email, created, created],
  );
  return id;
}

const REVENUE_WORDS =
  'The revenue your business deposits, as shown on your bank statements, is too low for the amount requested.';
const TIME_WORDS = 'Your business has not been operating long enough.';

test.describe('decisions with reasons', () => {
  test('staff decline with reasons; the client reads the adverse action notice in the portal', async ({
    page,
    browser,
    loginAs,
  }) => {
    test.slow(); // two signed-in areas and two axe scans
    const name = `${word()} Corner Deli`;
    const client = await createUser({ role: 'client', firstName: 'Jordan' });
    const id = await insertReviewApplication(name, client.id, client.email);
    await loginAs('admin', { firstName: 'Una' });

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(name.slice(0, 10));
    await page.getByRole('button', { name: `View ${name}`, exact: true }).click();
    const detail = page.getByRole('dialog', { name });
    await expect(detail.getByRole('heading', { name })).toBeVisible();

    // Declining opens the reasons form; without a reason the server refuses and nothing changes.
    await detail.getByRole('combobox', { name: `Status of ${name}` }).selectOption('declined');
    const form = page.getByRole('dialog', { name: `Decline ${name}` });
    await expect(form.getByRole('group', { name: 'Principal reasons (up to 4)' })).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Figures verified by staff' })).toHaveCount(0);
    await form.getByRole('button', { name: 'Decline application' }).click();
    await expect(form.getByText('Choose at least one principal reason for declining')).toBeVisible();
    const [unchanged] = await db().query('SELECT status FROM applications WHERE id = ?', [id]);
    expect(unchanged).toEqual([{ status: 'review' }]);

    await form.getByText('Insufficient revenue', { exact: true }).click();
    await form.getByText('Time in business', { exact: true }).click();
    await expect(form.getByRole('checkbox', { name: 'Insufficient revenue' })).toBeChecked();
    await form.getByRole('textbox', { name: 'Note for staff (optional)' }).fill('Owner agreed to reapply next year.');
    expect(await a11yViolations(page, { selector: '[role=dialog]' })).toEqual([]);
    await form.getByRole('button', { name: 'Decline application' }).click();
    await expect(page.getByText('Application status updated successfully')).toBeVisible();
    await expect(form).toHaveCount(0);

    // Staff see the decision, its reasons and when the notice went out.
    const decisions = detail.getByRole('region', { name: 'Decisions' });
    await expect(decisions.getByText(/^Declined by Una Tester/)).toBeVisible();
    await expect(decisions.getByText('Insufficient revenue')).toBeVisible();
    await expect(decisions.getByText('Staff note: Owner agreed to reapply next year.')).toBeVisible();
    await expect(decisions.getByText(/^Adverse action notice emailed /)).toBeVisible();
    const [stored] = await db().query('SELECT status FROM applications WHERE id = ?', [id]);
    expect(stored).toEqual([{ status: 'declined' }]);

    const mail = latestMailTo(client.email)?.replace(/\s+/g, ' ');
    expect(mail).toContain(REVENUE_WORDS);
    expect(mail).toContain('Equal Credit Opportunity Act');
    expect(mail).not.toContain('reapply next year');

    // The applicant signs in and reads the notice in the application's detail.
    const clientContext = await browser.newContext({ baseURL: E2E_BASE_URL });
    try {
      const clientPage = await clientContext.newPage();
      await signIn(clientPage, client);
      await clientPage.goto('/client-portal');
      await clientPage.getByRole('article', { name }).getByRole('button', { name: 'View Details' }).click();
      const details = clientPage.getByRole('dialog', { name });
      const notice = details.getByRole('article', { name: 'Notice of action taken and statement of reasons' });
      await expect(notice).toBeVisible();
      await expect(
        notice.getByText('We are unable to approve your application for $45,000 in business funding.'),
      ).toBeVisible();
      await expect(notice.getByText(REVENUE_WORDS)).toBeVisible();
      await expect(notice.getByText(TIME_WORDS)).toBeVisible();
      await expect(notice.getByText(/Federal Trade Commission/)).toBeVisible();
      await expect(notice.getByText('Summit Funding Demo LLC', { exact: true })).toBeVisible();
      await expect(details.getByText(/^Emailed to you /)).toBeVisible();
      await expect(details.getByText(/reapply next year/)).toHaveCount(0);
      expect(await a11yViolations(clientPage, { selector: '[role=dialog]' })).toEqual([]);
    } finally {
      await clientContext.close();
    }
  });
});
