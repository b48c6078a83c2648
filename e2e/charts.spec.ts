import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { a11yViolations } from './axe';
import { createUser, db, expect, signIn, test, type E2EUser } from './fixtures';

// Charts (docs/product.md, Charts): the back office's Analytics charts, the statement chart of an application and the
// client's loan progress, read from the figures' tables and accessible names. Rows are inserted straight into the
// database; the analytics rows sit ten weeks back, where no other spec writes, so that week's figures are exact.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
/** Monday 00:00 UTC of this week, as a time. */
function thisMonday(): number {
  const today = Date.parse(`${dayOf(Date.now())}T00:00:00Z`);
  return today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
}

async function insertApplication(opts: {
  businessName: string;
  status: string;
  createdAt: Date;
  decidedAt?: Date;
  userId?: string;
}): Promise<string> {
  const id = randomUUID();
  await db().query(
    `INSERT INTO applications (id, user_id, status, ai_approved, loan_amount_cents, business_name, business_type, time_in_business,
      business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4, date_of_birth_enc, owner_name, email, phone,
      estimated_credit_score, monthly_revenue, decided_at, created_at, updated_at)
     VALUES (?, ?, ?, 'approved', 7500000, ?, 'Retail', '2-5 years', '2020-05-01', '12 Example Ave, Springfield, IL 62701',
      'v1:placeholder', '6789', 'v1:placeholder', '4321', 'v1:placeholder', 'Robin Example', ?, '(555) 010-0199', 700,
      '$50,000 - $100,000', ?, ?, ?)`,
    [
      id,
      opts.userId ?? null,
      opts.status,
      opts.businessName,
      `${id.slice(0, 8)}@example.test`,
      opts.decidedAt ?? null,
      opts.createdAt,
      opts.createdAt,
    ],
  );
  return id;
}

/** A 10-week loan of $13,000 ($1,300 a week) on `applicationId`; the first installment (due `firstDue`) is paid. */
async function insertLoan(client: E2EUser, applicationId: string, opts: { fundedAt: Date; firstDue: string }) {
  const loanId = randomUUID();
  await db().query(
    `INSERT INTO loans (id, application_id, user_id, principal_cents, purchased_amount_cents, factor_rate_milli, weekly_payment_cents,
      term_weeks, apr_bps, status, funded_at, first_payment_date, created_at)
     VALUES (?, ?, ?, 1000000, 1300000, 1300, 130000, 10, 6500, 'current', ?, ?, ?)`,
    [loanId, applicationId, client.id, opts.fundedAt, opts.firstDue, opts.fundedAt],
  );
  const schedule = Array.from({ length: 10 }, (_, index) => [
    loanId,
    index + 1,
    dayOf(Date.parse(`${opts.firstDue}T00:00:00Z`) + index * 7 * DAY),
    130000,
  ]);
  await db().query('INSERT INTO loan_schedule (loan_id, seq, due_date, amount_cents) VALUES ?', [schedule]);
  await db().query(
    'INSERT INTO loan_payments (id, loan_id, amount_cents, paid_on, note, created_at) VALUES (?, ?, 130000, ?, ?, ?)',
    [randomUUID(), loanId, opts.firstDue, 'first installment', new Date()],
  );
  return loanId;
}

/** The figure's table, shown on screen with its toggle; its rows as arrays of cell texts. */
async function tableOf(figure: Locator): Promise<string[][]> {
  await figure.getByRole('button', { name: 'Show as table' }).click();
  const table = figure.getByRole('table');
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  const out: string[][] = [];
  for (let index = 1; index < (await rows.count()); index += 1) {
    out.push(
      (await rows.nth(index).getByRole('cell').or(rows.nth(index).getByRole('rowheader')).allInnerTexts()).map((text) =>
        text.trim(),
      ),
    );
  }
  return out;
}

const figureNamed = (scope: Page | Locator, title: string) => scope.getByRole('figure', { name: title, exact: true });

test.describe('charts', () => {
  test('the Analytics charts show the week, funnel and decision-time figures', async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    const client = await createUser({ role: 'client' });
    // Tuesday ten weeks back: approved in 2 hours, declined in 30 minutes, funded (decided in 26 hours).
    const weekStart = thisMonday() - 10 * 7 * DAY;
    const submitted = new Date(weekStart + DAY + 10 * HOUR);
    const later = (hours: number) => new Date(submitted.getTime() + hours * HOUR);
    const tag = randomUUID().slice(0, 6);
    await insertApplication({
      businessName: `Chart ${tag} A`,
      status: 'approved',
      createdAt: submitted,
      decidedAt: later(2),
    });
    await insertApplication({
      businessName: `Chart ${tag} B`,
      status: 'declined',
      createdAt: submitted,
      decidedAt: later(0.5),
    });
    const funded = await insertApplication({
      businessName: `Chart ${tag} C`,
      status: 'funded',
      createdAt: submitted,
      decidedAt: later(26),
      userId: client.id,
    });
    await insertLoan(client, funded, { fundedAt: later(27), firstDue: dayOf(later(24 * 8).getTime()) });

    await loginAs('admin', { firstName: 'Ada' });
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Analytics' }).click({ timeout: 30_000 });
    const weekLabel = shortDate(dayOf(weekStart));
    const weekly = figureNamed(page, 'Applications and approvals per week');
    await expect(weekly.getByRole('img', { name: /^Applications and approvals per week\. / })).toBeVisible();
    // The figures are cached for seconds: a read right after the rows were written may answer the older ones.
    await expect(async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Analytics' }).click();
      const row = figureNamed(page, 'Applications and approvals per week')
        .getByRole('row')
        .filter({ hasText: weekLabel });
      await expect(row).toContainText('9.5 hours', { timeout: 15_000 });
    }).toPass();

    const weeklyRows = await tableOf(weekly);
    expect(weeklyRows).toHaveLength(12);
    expect(weeklyRows.find((row) => row[0] === weekLabel)).toEqual([weekLabel, '3', '2', '9.5 hours']);

    const volume = await tableOf(figureNamed(page, 'Funded volume per week'));
    expect(volume.find((row) => row[0] === weekLabel)).toEqual([weekLabel, '1', '$10,000']);

    // The funnel counts the applications submitted in the same weeks as the weekly chart.
    const funnel = await tableOf(figureNamed(page, 'Funnel: submitted to funded'));
    expect(funnel.map((row) => row[0])).toEqual(['Submitted', 'Decided', 'Approved', 'Funded']);
    const submittedInWeeks = weeklyRows.reduce((sum, row) => sum + Number((row[1] ?? '0').replace(/,/g, '')), 0);
    expect(funnel[0]?.slice(1)).toEqual([submittedInWeeks.toLocaleString('en-US'), '100%']);

    const times = await tableOf(figureNamed(page, 'Time from submission to decision'));
    expect(times.map((row) => row[0])).toEqual([
      'Under 1 hour',
      '1 to 4 hours',
      '4 to 24 hours',
      '1 to 3 days',
      '3 to 7 days',
      'Over 7 days',
    ]);
    for (const bucket of ['Under 1 hour', '1 to 4 hours', '1 to 3 days']) {
      expect(Number(times.find((row) => row[0] === bucket)?.[1])).toBeGreaterThanOrEqual(1);
    }

    expect(await a11yViolations(page, { selector: '[role="tabpanel"]' })).toEqual([]);
  });

  test('the application detail charts monthly revenue and ending balance from the statements', async ({
    page,
    loginAs,
  }) => {
    const name = `Chart ${randomUUID().slice(0, 6)} Ledger`;
    const id = await insertApplication({ businessName: name, status: 'review', createdAt: new Date() });
    const month = (key: string, revenue: number, ending: number) => ({
      month: key,
      trueRevenueCents: revenue,
      creditsCents: revenue,
      debitsCents: revenue - 10_000,
      averageDailyBalanceCents: ending - 5_000,
      endingBalanceCents: ending,
      nsfEvents: 0,
      negativeBalanceDays: 0,
    });
    const analysis = { months: [month('2026-07', 5_400_000, 1_234_567), month('2026-08', 6_100_050, 1_500_000)] };
    await db().query(
      `INSERT INTO underwriting_results (id, application_id, engine_version, decision, confidence, approved_amount_cents,
         result, ai_data, analysis, created_at) VALUES (?, ?, 'e2e-seed', 'review', 60, NULL, '{}', ?, ?, ?)`,
      [
        randomUUID(),
        id,
        JSON.stringify({
          recommendation: 'Review',
          approvedAmount: 0,
          confidence: 60,
          reasoning: 'Seeded',
          riskFactors: [],
        }),
        JSON.stringify(analysis),
        new Date(),
      ],
    );

    await loginAs('admin');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(name);
    await page.getByRole('button', { name: `View ${name}`, exact: true }).click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('tab', { name: 'Analysis' }).click();
    const figure = figureNamed(detail, 'Monthly revenue and ending balance');
    await expect(figure.getByRole('img')).toHaveAccessibleName(
      'Monthly revenue and ending balance. 2 months, 2026-07 to 2026-08: true revenue $61,000.50 in 2026-08; ending balance $15,000.00 in 2026-08.',
    );
    expect(await tableOf(figure)).toEqual([
      ['2026-07', '$54,000.00', '$12,345.67'],
      ['2026-08', '$61,000.50', '$15,000.00'],
    ]);
  });
});

test.describe('client charts on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a client's loan shows paid vs remaining, next payments, the balance over time and the status timeline", async ({
    page,
  }) => {
    const client = await createUser({ role: 'client' });
    const name = `Chart ${randomUUID().slice(0, 6)} Bakery`;
    const now = Date.now();
    const applicationId = await insertApplication({
      businessName: name,
      status: 'funded',
      createdAt: new Date(now - 23 * DAY),
      decidedAt: new Date(now - 22 * DAY),
      userId: client.id,
    });
    const firstDue = dayOf(now - 14 * DAY);
    await insertLoan(client, applicationId, { fundedAt: new Date(now - 21 * DAY), firstDue });
    await signIn(page, client);

    await page.goto('/dashboard?tab=loans');
    const loan = page.getByRole('tabpanel', { name: 'Current Loans' }).getByRole('article', { name });
    const progress = loan.getByRole('progressbar', { name: 'Paid vs remaining' });
    await expect(progress).toBeVisible({ timeout: 30_000 }); // the page and the charts load on a busy machine
    await expect(progress).toHaveAttribute('aria-valuenow', '10');
    await expect(loan.getByText('Paid $1,300.00')).toBeVisible();
    await expect(loan.getByText('Remaining $11,700.00 of $13,000.00')).toBeVisible();
    const next = loan.getByRole('list', { name: 'Next payments' }).getByRole('listitem');
    await expect(next).toHaveCount(4);
    await expect(next.first()).toContainText(shortDate(dayOf(now - 7 * DAY)));
    await expect(next.first()).toContainText('Late');
    await expect(next.first()).toContainText('$1,300.00');

    const balance = figureNamed(loan, 'Balance over time');
    await expect(balance.getByRole('img')).toHaveAccessibleName(/^Balance over time\. From \$13,000\.00 at funding/);
    const rows = await tableOf(balance);
    const today = dayOf(now);
    expect(rows[0]).toEqual([shortDate(dayOf(now - 21 * DAY)), '$13,000.00', '$13,000.00']);
    expect(rows.find((row) => row[0] === `${shortDate(today)} (today)`)).toEqual([
      `${shortDate(today)} (today)`,
      '$9,100.00',
      '$11,700.00',
    ]);
    expect(rows.at(-1)?.slice(1)).toEqual(['$0.00', '—']);
    // Nothing runs past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await a11yViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Applications' }).click();
    const timeline = page.getByRole('list', { name: `Status timeline of ${name}` });
    await expect(timeline.getByRole('listitem')).toHaveText([
      /^Submitted \(completed\)/,
      /^Pre-approved \(completed\)/,
      /^Funded \(completed\)/,
    ]);
    expect(await a11yViolations(page)).toEqual([]);
  });
});
