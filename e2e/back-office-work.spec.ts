import { randomUUID } from 'node:crypto';
import { a11yViolations } from './axe';
import { db, expect, test } from './fixtures';

// The back office as a workplace: an underwriter takes a file from the queue and writes a staff note on it.

const word = () => `Qw${randomUUID().replace(/-/g, '').slice(0, 8)}`;

/** An application in review, inserted straight into the database (synthetic data, placeholder ciphertext). */
async function insertReviewApplication(businessName: string, minutesAgo: number): Promise<string> {
  const id = randomUUID();
  const created = new Date(Date.now() - minutesAgo * 60_000);
  await db().query(
    `INSERT INTO applications (id, status, ai_approved, loan_amount_cents, business_name, business_type, time_in_business,
      business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4, date_of_birth_enc, owner_name, email, phone,
      estimated_credit_score, monthly_revenue, created_at, updated_at)
     VALUES (?, 'review', 'review', 6500000, ?, 'Retail', '2-5 years', '2020-05-01', '12 Example Ave, Springfield, IL 62701',
      'v1:placeholder', '6789', 'v1:placeholder', '4321', 'v1:placeholder', 'Robin Example', ?, '(555) 010-0199', 700,
      '$50,000 - $100,000', ?, ?)`,
    [id, businessName, `${id.slice(0, 8)}@example.test`, created, created],
  );
  return id;
}

test.describe('work queue and notes', () => {
  test('an underwriter assigns an application to themself from the queue and writes a note', async ({
    page,
    loginAs,
  }) => {
    const token = word();
    const name = `${token} Bakery`;
    // Waiting for years: the oldest file, so it heads the queue whatever other specs inserted.
    const id = await insertReviewApplication(name, 6_000_000);
    const underwriter = await loginAs('admin', { firstName: 'Una' });

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Queue' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByText('Under review')).toBeVisible();
    await expect(row.getByText(/\d+ days/)).toBeVisible();
    await expect(row.getByRole('combobox', { name: `Assignee of ${name}` })).toHaveValue('');
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);

    await row.getByRole('button', { name: `Assign ${name} to me` }).click();
    await expect(page.getByText('Application assigned')).toBeVisible();
    await expect(row.getByRole('combobox', { name: `Assignee of ${name}` })).toHaveValue(underwriter.id);
    await expect(row.getByRole('button', { name: `Assign ${name} to me` })).toHaveCount(0);
    const [assigned] = await db().query('SELECT assigned_to FROM applications WHERE id = ?', [id]);
    expect(assigned).toEqual([{ assigned_to: underwriter.id }]);

    // "Mine" keeps it; it is also found under Applications with the same filter.
    await page.getByRole('combobox', { name: 'Assigned' }).selectOption('mine');
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByRole('combobox', { name: 'Assigned' }).selectOption('mine');
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `View ${name}`, exact: true }).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await detail.getByRole('tab', { name: 'Timeline' }).click();
    await expect(detail.getByText(/^Assigned to Una/)).toBeVisible();
    const note = `Asked ${token} for the October statement by phone.`;
    await detail.getByRole('textbox', { name: 'Staff note' }).fill(note);
    await detail.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Note added')).toBeVisible();
    await expect(detail.getByText(note)).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Edit note' })).toBeVisible();
    expect(await a11yViolations(page, { selector: '[role=dialog]' })).toEqual([]);
    const [notes] = await db().query('SELECT author_id, body FROM staff_notes WHERE subject_id = ?', [id]);
    expect(notes).toEqual([{ author_id: underwriter.id, body: note }]);
  });
});
