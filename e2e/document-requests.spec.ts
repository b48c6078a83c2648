import { randomUUID } from 'node:crypto';
import { a11yViolations } from './axe';
import { statementFile } from './apply-helpers';
import { createUser, db, E2E_BASE_URL, expect, latestMailTo, signIn, test } from './fixtures';

// Document requests: an underwriter asks for a statement, the client uploads it in the portal on a phone (a bad file
// refused first), and the underwriter sees the file and the queue reason.

/** An application in review owned by `userId`, inserted straight into the database (synthetic data). */
async function insertOwnedApplication(userId: string, businessName: string): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.test`;
  // Waiting for years: the oldest file, so it heads the queue whatever other specs inserted.
  const created = new Date(Date.now() - 6_100_000 * 60_000);
  await db().query(
    `INSERT INTO applications (id, user_id, status, ai_approved, loan_amount_cents, business_name, business_type,
      time_in_business, business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4, date_of_birth_enc,
      owner_name, email, phone, estimated_credit_score, monthly_revenue, created_at, updated_at)
     VALUES (?, ?, 'review', 'review', 6500000, ?, 'Retail', '2-5 years', '2020-05-01', '12 Example Ave, Springfield, IL 62701',
      'v1:placeholder', '6789', 'v1:placeholder', '4321', 'v1:placeholder', 'Robin Example', ?, '(555) 010-0199', 700,
      '$50,000 - $100,000', ?, ?)`,
    [id, userId, businessName, email, created, created],
  );
  return { id, email };
}

test('staff request a statement, the client uploads it in the portal, staff see it', async ({
  page,
  browser,
  loginAs,
}) => {
  test.slow(); // two browsers and three axe scans
  const name = `Dq${randomUUID().replace(/-/g, '').slice(0, 8)} Bakery`;
  const client = await createUser({ role: 'client', firstName: 'Robin' });
  const application = await insertOwnedApplication(client.id, name);
  await loginAs('admin', { firstName: 'Una' });

  // Staff: the queue, the detail's Requests tab, the request.
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Queue' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `View ${name}` })
    .click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  await detail.getByRole('tab', { name: 'Requests' }).click();
  await expect(detail.getByText('No documents were requested yet.')).toBeVisible();
  await detail.getByRole('button', { name: 'Request documents' }).click();
  await expect(detail.getByText('Name at least one document')).toBeVisible();
  await detail.getByRole('textbox', { name: 'Documents to request' }).fill('The October statement');
  await detail
    .getByRole('textbox', { name: 'Message to the applicant' })
    .fill('Please upload the October statement so we can see the latest month.');
  await detail.getByRole('button', { name: 'Request documents' }).click();
  await expect(page.getByText('The applicant was emailed.')).toBeVisible();
  await expect(detail.getByText('Waiting for the applicant')).toBeVisible();
  await expect(detail.getByText('Documents requested', { exact: true })).toBeVisible();
  expect(await a11yViolations(page, { selector: '[role=dialog]' })).toEqual([]);
  await expect.poll(() => latestMailTo(application.email) ?? '').toContain('- The October statement');

  // Client, on a phone: the request in the portal, a refused file, then the statement.
  const phone = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: { width: 375, height: 812 },
    reducedMotion: 'reduce',
  });
  const portal = await phone.newPage();
  const pageErrors: string[] = [];
  portal.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(portal, client);
  await portal.goto('/client-portal');
  const section = portal.getByRole('region', { name: 'Documents requested' });
  // The portal's chunks load after the shell; a busy machine takes a while.
  await expect(section.getByText('The October statement', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(portal.getByRole('article', { name }).getByText('Documents requested', { exact: true })).toBeVisible();
  expect(await portal.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await a11yViolations(portal, { selector: '#main' })).toEqual([]);

  await section.getByLabel('Bank statements').setInputFiles({
    name: 'october.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ this is not a statement'),
  });
  await section.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(section.getByRole('alert')).toHaveText('Some files were not accepted; nothing was uploaded.');
  await expect(section.getByText('Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed')).toBeVisible();
  const [stored] = await db().query('SELECT COUNT(*) AS n FROM application_documents WHERE application_id = ?', [
    application.id,
  ]);
  expect(stored).toEqual([{ n: 0 }]);

  await section.getByLabel('Bank statements').setInputFiles(await statementFile('october.pdf'));
  await section.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(section.getByText(/^Received .* Thank you\.$/)).toBeVisible();
  await expect(section.getByText(/october\.pdf/)).toBeVisible();
  await expect(portal.getByRole('article', { name }).getByText('Documents requested', { exact: true })).toHaveCount(0);
  expect(await portal.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(pageErrors).toEqual([]);
  await phone.close();

  // Staff: the file in the request and the documents, the queue reason.
  await page.reload();
  await page.getByRole('tab', { name: 'Queue' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Documents received')).toBeVisible();
  await row.getByRole('button', { name: `View ${name}` }).click();
  await detail.getByRole('tab', { name: 'Requests' }).click();
  await expect(detail.getByRole('list', { name: 'Files received' }).getByText(/october\.pdf/)).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Open october.pdf' })).toBeVisible();
  await detail.getByRole('tab', { name: 'Documents (1)' }).click();
  await expect(detail.getByText('october.pdf', { exact: true })).toBeVisible();
  await detail.getByRole('tab', { name: 'Requests' }).click();
  await detail.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(detail.getByText('Reviewed', { exact: true })).toBeVisible();
  expect(await a11yViolations(page, { selector: '[role=dialog]' })).toEqual([]);
});
