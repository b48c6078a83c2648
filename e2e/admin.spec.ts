import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { a11yViolations } from './axe';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { createUser, db, E2E_BASE_URL, expect, test, type E2EUser } from './fixtures';

// Back office. Data is inserted straight into the database: synthetic names, placeholder ciphertext
// for the encrypted columns (the back office only shows their masked last four digits).

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const word = () => `Qz${randomUUID().replace(/-/g, '').slice(0, 8)}`;

type AppOpts = {
  businessName: string;
  userId?: string | null;
  email?: string;
  status?: string;
  aiApproved?: string | null;
  minutesAgo?: number;
};

async function insertApplication(opts: AppOpts): Promise<string> {
  const id = randomUUID();
  const created = new Date(Date.now() - (opts.minutesAgo ?? 1) * 60_000);
  await db().query(
    `INSERT INTO applications (id, user_id, status, ai_approved, loan_amount_cents, business_name, business_type, time_in_business,
      business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4, date_of_birth_enc, owner_name, email, phone,
      estimated_credit_score, monthly_revenue, created_at, updated_at)
     VALUES (?, ?, ?, ?, 7500000, ?, 'Retail', '2-5 years', '2020-05-01', '12 Example Ave, Springfield, IL 62701',
      'v1:placeholder', '6789', 'v1:placeholder', '4321', 'v1:placeholder', 'Robin Example', ?, '(555) 010-0199', 700, '$50,000 - $100,000', ?, ?)`,
    [
      id,
      opts.userId ?? null,
      opts.status ?? 'pending',
      opts.aiApproved ?? null,
      opts.businessName,
      opts.email ?? `${id.slice(0, 8)}@example.test`,
      created,
      created,
    ],
  );
  return id;
}

/** A funded application with a 10-week loan of $13,000 (weekly $1,300); the first installment is paid. */
async function insertLoan(client: E2EUser, businessName: string) {
  const applicationId = await insertApplication({
    businessName,
    userId: client.id,
    email: client.email,
    status: 'funded',
    aiApproved: 'approved',
  });
  const loanId = randomUUID();
  const first = daysFromToday(-14);
  await db().query(
    `INSERT INTO loans (id, application_id, user_id, principal_cents, purchased_amount_cents, factor_rate_milli, weekly_payment_cents,
      term_weeks, apr_bps, status, funded_at, first_payment_date, created_at)
     VALUES (?, ?, ?, 1000000, 1300000, 1300, 130000, 10, 6500, 'current', ?, ?, ?)`,
    [loanId, applicationId, client.id, new Date(Date.now() - 21 * 86_400_000), first, new Date()],
  );
  const schedule = Array.from({ length: 10 }, (_, index) => [
    loanId,
    index + 1,
    new Date(Date.parse(`${first}T00:00:00Z`) + index * 7 * 86_400_000).toISOString().slice(0, 10),
    130000,
  ]);
  await db().query('INSERT INTO loan_schedule (loan_id, seq, due_date, amount_cents) VALUES ?', [schedule]);
  await db().query(
    'INSERT INTO loan_payments (id, loan_id, amount_cents, paid_on, note, created_at) VALUES (?, ?, 130000, ?, ?, ?)',
    [randomUUID(), loanId, first, 'first installment', new Date()],
  );
  return loanId;
}

test.describe('back office', () => {
  test('an admin filters, opens a detail, changes a status, records a payment and exports CSV', async ({
    page,
    loginAs,
    browser,
  }) => {
    const token = word();
    const client = await createUser({ role: 'client', firstName: token });
    const pendingName = `${token} Bakery`;
    const approvedName = `${token} Dental`;
    const loanName = `${token} Hardware`;
    const pendingId = await insertApplication({
      businessName: pendingName,
      userId: client.id,
      email: client.email,
      aiApproved: 'review',
      minutesAgo: 2,
    });
    await insertApplication({ businessName: approvedName, status: 'approved', aiApproved: 'approved', minutesAgo: 3 });
    await insertLoan(client, loanName);

    await loginAs('admin', { firstName: 'Ada' });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Total Applications')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Loan Performance' })).toBeVisible();

    // Filter: a search and the status filter narrow the list on the server.
    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(token);
    await expect(page.getByRole('cell', { name: approvedName, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: pendingName, exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('pending');
    await expect(page.getByRole('cell', { name: approvedName, exact: true })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: pendingName, exact: true })).toBeVisible();

    // Detail: every field, SSN and EIN masked, the analysis tab.
    await page.getByRole('button', { name: `View ${pendingName}`, exact: true }).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { name: pendingName })).toBeVisible();
    await expect(detail.getByText('***-**-4321')).toBeVisible();
    await expect(detail.getByText('**-***6789')).toBeVisible();
    await expect(detail.getByText('Robin Example')).toBeVisible();
    await detail.getByRole('tab', { name: 'Analysis' }).click();
    await expect(detail.getByText('No automated analysis is stored for this application.')).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Status change with the spec's toast; the client then sees the new status.
    // Approving is a decision: the reasons form opens with the reasons the analysis implies already chosen.
    await page.getByRole('combobox', { name: `Status of ${pendingName}` }).selectOption('approved');
    const decision = page.getByRole('dialog', { name: `Approve ${pendingName}` });
    await expect(decision.getByRole('checkbox', { name: 'Figures verified by staff' })).toBeChecked();
    await decision.getByRole('button', { name: 'Approve application' }).click();
    await expect(page.getByText('Application status updated successfully')).toBeVisible();
    const clientContext = await browser.newContext({ baseURL: E2E_BASE_URL });
    try {
      const clientPage = await clientContext.newPage();
      const token2 = randomUUID().replace(/-/g, '');
      const { createHash } = await import('node:crypto');
      await db().query(
        'INSERT INTO sessions (id, user_id, expires_at, absolute_expires_at, idle_seconds, mfa_verified, created_at) VALUES (?, ?, ?, ?, 604800, 1, ?)',
        [
          createHash('sha256').update(token2).digest('hex'),
          client.id,
          new Date(Date.now() + 3600_000),
          new Date(Date.now() + 3600_000),
          new Date(),
        ],
      );
      await clientContext.addCookies([
        { name: 'session', value: token2, url: E2E_BASE_URL, httpOnly: true, sameSite: 'Lax' },
      ]);
      const response = await clientPage.request.get('/api/client/applications');
      if (response.status() === 200) {
        const body = (await response.json()) as { data: { id: string; status: string }[] };
        expect(body.data.find((item) => item.id === pendingId)?.status).toBe('approved');
      } else {
        const [rows] = await db().query('SELECT status FROM applications WHERE id = ?', [pendingId]);
        expect((rows as { status: string }[])[0]?.status).toBe('approved');
      }
    } finally {
      await clientContext.close();
    }

    // Payments: the schedule, the recorded payment, and a new one that moves the balance.
    await page.getByRole('tab', { name: 'Active Loans' }).click();
    await page.getByRole('button', { name: `Payments for ${loanName}` }).click();
    const payments = page.getByRole('dialog');
    await expect(payments.getByTestId('loan-balance')).toHaveText('$11,700.00');
    await expect(payments.getByText('first installment')).toBeVisible();
    await payments.getByRole('textbox', { name: 'Amount (USD)' }).fill('1,300');
    await payments.getByRole('textbox', { name: 'Note' }).fill('ACH second week');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByText('Payment recorded')).toBeVisible();
    await expect(payments.getByTestId('loan-balance')).toHaveText('$10,400.00');
    await expect(payments.getByText('ACH second week')).toBeVisible();
    const [paymentRows] = await db().query('SELECT amount_cents, paid_on FROM loan_payments WHERE note = ?', [
      'ACH second week',
    ]);
    expect(paymentRows).toEqual([{ amount_cents: 130000, paid_on: today() }]);
    await payments.getByRole('button', { name: 'Close' }).click();

    // Export: the applicants of the current filter, as a CSV attachment.
    await page.getByRole('tab', { name: 'Applicants' }).click();
    await page.getByRole('searchbox', { name: 'Search applicants' }).fill(token);
    await expect(page.getByRole('cell', { name: client.email })).toBeVisible();
    // The search is debounced: export only once the link carries it.
    await expect(page.getByRole('link', { name: 'Export to CSV' })).toHaveAttribute(
      'href',
      new RegExp(`search=${token}`),
    );
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export to CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^applicants-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Business,Applications,Active Apps,Status,Last Login,Joined');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${token} Tester,${client.email},Tester Supply Co,2,1,Active,Never,`);
  });

  test('applicant and by-email dialogs use the spec texts', async ({ page, loginAs }) => {
    const token = word();
    const lonely = await createUser({ role: 'client', firstName: token });
    const email = `${token.toLowerCase()}@example.test`;
    await insertApplication({ businessName: `${token} Florist`, email, minutesAgo: 1 });
    await insertApplication({ businessName: `${token} Florist Two`, email, minutesAgo: 2 });
    await loginAs('admin');
    await page.goto('/admin');

    await page.getByRole('tab', { name: 'Applicants' }).click();
    await page.getByRole('searchbox', { name: 'Search applicants' }).fill(token);
    await page.getByRole('button', { name: `View ${token} Tester`, exact: true }).click();
    await expect(page.getByText('No Application Data')).toBeVisible();
    await expect(page.getByText('This applicant has not submitted any applications yet.').first()).toBeVisible();
    await expect(page.getByRole('dialog').getByText(lonely.email)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(token);
    await page.getByRole('button', { name: `Applications by email for ${token} Florist Two` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Applications for ${email}` })).toBeVisible();
    await expect(dialog.getByText('2 applications')).toBeVisible();
    await expect(dialog.getByRole('cell', { name: `${token} Florist Two` })).toBeVisible();
  });

  test('a staff member without a second factor enrols an authenticator before seeing the dashboard', async ({
    page,
  }) => {
    const staff = await createUser({ role: 'admin', firstName: 'Enid' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In to Your Account' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(staff.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    // Before enrolment the session has no staff rights.
    expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);

    await page.getByRole('button', { name: 'Begin Setup' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code to add this account to your authenticator app' }),
    ).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    const key = decodeBase32IgnorePadding(secret);
    await page
      .getByRole('textbox', { name: '6-digit code' })
      .fill('000000' === generateTOTP(key, 30, 6) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and Enable' }).click();
    await expect(page.getByText('Invalid verification code')).toBeVisible();

    await page.getByRole('textbox', { name: '6-digit code' }).fill(generateTOTP(key, 30, 6));
    await page.getByRole('button', { name: 'Verify and Enable' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: /Continue/ }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect((await page.request.get('/api/admin/dashboard')).status()).toBe(200);
    // Only a super_admin sees the Staff tab.
    await expect(page.getByRole('tab', { name: 'Staff' })).toHaveCount(0);
  });

  test('a super_admin creates a staff account and deactivates it', async ({ page, loginAs }) => {
    await loginAs('super_admin');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Staff' }).click();
    const email = `staff-${randomUUID().slice(0, 8)}@example.test`;
    await page.getByRole('textbox', { name: 'Staff email' }).fill(email);
    await page.getByRole('textbox', { name: 'First name' }).fill('Nova');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Staffer');
    await page.getByRole('button', { name: 'Create Staff Account' }).click();
    await expect(page.getByText('Staff account created')).toBeVisible();
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
    await page.getByRole('button', { name: 'Deactivate Nova Staffer' }).click();
    await expect(page.getByText('Account deactivated')).toBeVisible();
    const [rows] = await db().query('SELECT is_active FROM users WHERE email = ?', [email]);
    expect(rows).toEqual([{ is_active: 0 }]);
  });

  test('the back office is accessible and fits a phone screen', async ({ page, loginAs }) => {
    test.slow(); // several axe scans
    const token = word();
    const client = await createUser({ role: 'client', firstName: token });
    await insertApplication({
      businessName: `${token} Optics`,
      userId: client.id,
      email: client.email,
      aiApproved: 'review',
    });
    await insertLoan(client, `${token} Roofing`);
    await loginAs('super_admin');
    await page.setViewportSize({ width: 390, height: 844 });
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Loan Performance' })).toBeVisible();
    expect(await fitsWidth()).toBe(true);
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);

    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(token);
    // On a phone each row is a card whose cells show their column's heading (part of the cell's name).
    await expect(page.locator('td[data-label="Business"]', { hasText: `${token} Optics` })).toBeVisible();
    expect(await fitsWidth()).toBe(true);
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);
    await page.getByRole('button', { name: `View ${token} Optics`, exact: true }).click();
    await expect(page.getByRole('dialog').getByText('***-**-4321')).toBeVisible();
    expect(await a11yViolations(page, { selector: '[role=dialog]' })).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Active Loans' }).click();
    await page.getByRole('button', { name: `Payments for ${token} Roofing` }).click();
    await expect(page.getByRole('dialog').getByTestId('loan-balance')).toBeVisible();
    expect(await a11yViolations(page, { selector: '[role=dialog]' })).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Staff' }).click();
    await expect(page.getByRole('button', { name: 'Create Staff Account' })).toBeVisible();
    expect(await fitsWidth()).toBe(true);
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);
  });
});
