import { randomUUID } from 'node:crypto';
import { a11yViolations } from './axe';
import { createUser, db, expect, test } from './fixtures';

// Back-office lists: every tab's table fits at 1280 px without scrolling sideways, rows become cards on a phone, and
// search finds any word of a business, owner or email, several words narrowing.

const word = () => `Qw${randomUUID().replace(/-/g, '').slice(0, 8)}`;

async function insertApplication(opts: {
  businessName: string;
  ownerName: string;
  email: string;
  status?: string;
  created?: Date;
}) {
  const id = randomUUID();
  const created = opts.created ?? new Date(Date.now() - 60_000);
  await db().query(
    `INSERT INTO applications (id, status, ai_approved, loan_amount_cents, business_name, business_type, time_in_business,
      business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4, date_of_birth_enc, owner_name, email, phone,
      estimated_credit_score, monthly_revenue, created_at, updated_at)
     VALUES (?, ?, 'review', 7500000, ?, 'Retail', '2-5 years', '2020-05-01', '12 Example Ave, Springfield, IL 62701',
      'v1:placeholder', '6789', 'v1:placeholder', '4321', 'v1:placeholder', ?, ?, '(555) 010-0199', 700, '$50,000 - $100,000', ?, ?)`,
    [id, opts.status ?? 'review', opts.businessName, opts.ownerName, opts.email, created, created],
  );
  return id;
}

const LIST_TABS = ['Queue', 'Applications', 'Applicants', 'Active Loans', 'Refinancing', 'Analytics', 'Overview'];

test.describe('back-office lists', () => {
  test('every tab fits at 1280 px, search finds any word, and rows are cards on a phone', async ({ page, loginAs }) => {
    const token = word();
    const longEmail = `${token.toLowerCase()}.accounts-payable.department.office@very-long-example-domain.test`;
    await insertApplication({
      businessName: `${token} Main Street Artisanal Sourdough Bakery and Coffee Roasters LLC`,
      ownerName: 'Maximiliana Featherstonehaugh-Worthington',
      email: longEmail,
    });
    await insertApplication({
      businessName: `${token} Riverside Family Dental Group`,
      ownerName: 'Robin Example',
      email: `${token.toLowerCase()}@example.test`,
    });
    const client = await createUser({ role: 'client', firstName: token, email: longEmail.replace('accounts', 'c') });
    await db().query(
      'INSERT INTO refinance_requests (id, user_id, requested_amount_cents, reason, status, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [
        randomUUID(),
        client.id,
        2_500_000,
        'We would like to consolidate two existing advances into one lower weekly payment before the holiday season '.repeat(
          2,
        ),
        'open',
        new Date(),
      ],
    );

    // An offer made 28 days ago (valid 30) on a file waiting for years, so it heads the queue whatever else is in it.
    const expiring = await insertApplication({
      businessName: `${token} Lapsing Offer Supply`,
      ownerName: 'Robin Example',
      email: `${token.toLowerCase()}.offer@example.test`,
      status: 'approved',
      created: new Date('2014-01-01T00:00:00Z'),
    });
    await db().query('UPDATE applications SET decided_at = ? WHERE id = ?', [
      new Date(Date.now() - 28 * 24 * 3600_000),
      expiring,
    ]);

    await loginAs('admin', { firstName: 'Lin' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin');
    // A shared machine can be slow to load the signed-in chunks the first time.
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });

    /** No list (and not the page) is wider than its box. */
    const overflow = () =>
      page.evaluate(() => {
        const wide = [...document.querySelectorAll<HTMLElement>('[data-list-table]')].filter(
          (element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth,
        );
        return {
          page: document.documentElement.scrollWidth > document.documentElement.clientWidth,
          tables: wide.length,
        };
      });
    for (const tab of LIST_TABS) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await expect(page.getByRole('tabpanel', { name: tab }).getByLabel(/^Loading/)).toHaveCount(0);
      expect(await overflow(), tab).toEqual({ page: false, tables: 0 });
    }
    // The queue names the offer about to expire and until when it stands (docs/product.md 8.6).
    await page.getByRole('tab', { name: 'Queue' }).click();
    const lapsing = page.getByRole('row', { name: new RegExp(`${token} Lapsing Offer Supply`) });
    await expect(lapsing.getByText('Offer about to expire')).toBeVisible();
    await expect(lapsing.getByText(/^Offer valid until /)).toBeVisible();
    // The tables with the long texts above, searched so that they are on the first page.
    await page.getByRole('tab', { name: 'Applicants' }).click();
    await page.getByRole('searchbox', { name: 'Search applicants' }).fill(token);
    await expect(page.getByRole('cell', { name: client.email, exact: true })).toBeVisible();
    expect(await overflow()).toEqual({ page: false, tables: 0 });
    await page.getByRole('tab', { name: 'Refinancing' }).click();
    await expect(page.getByText(/consolidate two existing advances/).first()).toBeVisible();
    expect(await overflow()).toEqual({ page: false, tables: 0 });

    // Any word: a later word of the business, a prefix of an owner's word, an email word; several words narrow.
    await page.getByRole('tab', { name: 'Applications' }).click();
    const search = page.getByRole('searchbox', { name: 'Search applications' });
    const panel = page.getByRole('tabpanel', { name: 'Applications' });
    const bakeryCell = panel.getByRole('cell', { name: new RegExp(`^${token} Main Street`) });
    const dentalCell = panel.getByRole('cell', { name: `${token} Riverside Family Dental Group`, exact: true });
    await search.fill(`sourdough ${token.slice(0, 5)}`);
    await expect(bakeryCell).toBeVisible();
    await expect(dentalCell).toHaveCount(0);
    await search.fill(`${token.toLowerCase()} featherst`);
    await expect(bakeryCell).toBeVisible();
    await expect(dentalCell).toHaveCount(0);
    await search.fill(token);
    await expect(bakeryCell).toBeVisible();
    await expect(dentalCell).toBeVisible();
    expect(await overflow()).toEqual({ page: false, tables: 0 });
    await search.fill(`${token} dental riverside`);
    await expect(dentalCell).toBeVisible();
    await expect(bakeryCell).toHaveCount(0);
    await search.fill(`${token} dentalx`);
    await expect(panel.getByText('No applications found')).toBeVisible();
    await search.fill(token);
    await expect(dentalCell).toBeVisible();
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);

    // A phone: each row a card, each value beside its column's heading, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    // (The heading shown beside a value becomes part of the cell's name, so cells are found by their label here.)
    const businessCell = panel.locator('td[data-label="Business"]', { hasText: `${token} Riverside` });
    await expect(businessCell).toBeVisible();
    const row = businessCell.locator('xpath=..');
    await expect(row).toHaveAttribute('role', 'row');
    expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
    expect(
      await businessCell.evaluate((element) => getComputedStyle(element, '::before').content.replace(/"/g, '')),
    ).toBe('Business');
    await expect(panel.locator('thead')).not.toBeInViewport();
    expect(await overflow()).toEqual({ page: false, tables: 0 });
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);
  });
});
