import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { newApplicant, submitOverApi } from './apply-helpers';
import { a11yViolations } from './axe';
import { createUser, db, E2E_BASE_URL, expect, signIn, signOffer, test } from './fixtures';

// Offers: an approved applicant compares the engine's options, customizes one, reads the summary,
// signs, and finds the loan with its payoff quote and renewal tracker. The application goes through the real
// submission endpoint with a rendered statement PDF, so the menu, the what-ifs and the positions are the engine's.

const card = (page: Page, name: string) => page.getByRole('article', { name });
const usd = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

const SUMMARY_LABELS = [
  'Funding provided',
  'Amount withheld',
  'Net funds disbursed',
  'Estimated APR',
  'Finance charge',
  'Total repayment',
  'Payment amount and frequency',
  'Estimated term',
  'Prepayment policy',
];

/** The summary's value for a label ("Funding provided" -> "$45,000"): the label's sibling in its DataList item. */
function summaryValue(summary: Locator, label: string): Locator {
  return summary.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

/**
 * An application the engine approved from statements that showed another funder's daily debit: the stored
 * analysis carries the engine's offer, the position and what the engine answered without it (synthetic data).
 */
async function seedEngineApproval(userId: string, businessName: string): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await db().query(
    `INSERT INTO applications (id, user_id, status, ai_approved, loan_amount_cents, approved_amount_cents, business_name,
       business_type, time_in_business, business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4,
       date_of_birth_enc, owner_name, email, phone, estimated_credit_score, monthly_revenue, created_at, updated_at)
     VALUES (?, ?, 'approved', 'approved', 6000000, 4500000, ?, 'Retail', '2-5 years', '2021-04-01',
       '100 Test Avenue, Springfield, IL 62701', 'v1:seed:ein:x', '0001', 'v1:seed:ssn:x', '0001', 'v1:seed:dob:x',
       'Pat Example', ?, '(555) 010-0100', 700, '$50,000 - $100,000', ?, ?)`,
    [id, userId, businessName, `applicant-${id.slice(0, 8)}@example.test`, now, now],
  );
  const result = {
    approved: true,
    approvedAmount: 45_000,
    mcaTerms: { purchaseAmount: 58_500, factorRate: 1.3, weeklyPayment: 1_463, termWeeks: 40 },
    bankStatementInsights: {
      averageMonthlyRevenue: 69_000,
      healthScore: 78,
      consistencyRating: 'High',
      cashFlowTrend: 'Stable',
      recommendations: [],
    },
    riskAssessment: { overallRiskLevel: 'Medium', riskFactors: ['Existing financing position'] },
    nextSteps: ['Review and accept your offer'],
    confidence: 84,
    estimatedApr: 41.2,
  };
  const aiData = {
    recommendation: 'Approved',
    approvedAmount: 45_000,
    confidence: 84,
    reasoning: 'Seeded',
    riskFactors: [],
    interestRate: 41.2,
  };
  const analysis = {
    revenueSource: 'statements',
    offer: {
      factorRate: 1.3,
      termWeeks: 40,
      weeklyRevenueCents: 16_000_00,
      existingWeeklyFinancingCents: 2_250_00,
      weeklyPaymentCapCents: 2_000_00,
      amountCents: 45_000_00,
    },
    financingPositions: [
      {
        counterparty: 'Rapid Capital Funding',
        amountCents: 450_00,
        frequency: 'daily',
        weeklyBurdenCents: 2_250_00,
        isActive: true,
      },
    ],
    whatIf: [
      {
        code: 'existing-financing',
        fact: 'Existing daily debit of $450 to Rapid Capital Funding',
        withoutIt: { decision: 'approved', amountCents: 60_000_00, weeklyPaymentCents: 1_950_00, termWeeks: 40 },
      },
    ],
  };
  await db().query(
    `INSERT INTO underwriting_results (id, application_id, engine_version, decision, confidence, approved_amount_cents,
       result, ai_data, analysis, created_at) VALUES (?, ?, 'e2e-seed', 'approved', 84, 4500000, ?, ?, ?, ?)`,
    [randomUUID(), id, JSON.stringify(result), JSON.stringify(aiData), JSON.stringify(analysis), now],
  );
  return id;
}

async function approvedApplication(page: Page, email: string) {
  const applicant = { ...newApplicant(), email };
  await submitOverApi(page, applicant);
  return applicant;
}

test.describe('offers', () => {
  test('an approved applicant compares, customizes, reads the summary, signs and sees the loan', async ({
    page,
    loginAs,
  }) => {
    test.slow(); // a real statement, a live reprice, an acceptance and three pages
    const user = await loginAs('client', { firstName: 'Avery' });
    const applicant = await approvedApplication(page, user.email);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });

    await page.goto('/client-portal');
    const application = card(page, applicant.businessName);
    await expect(application.getByText('Pre-Approved', { exact: true })).toBeVisible();
    await application.getByRole('button', { name: 'Accept Funding' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Accept this funding offer?' });
    const compare = dialog.getByRole('region', { name: 'Compare your options' });
    await expect(compare.getByRole('article').first()).toBeVisible();
    const optionCount = await compare.getByRole('article').count();
    expect(optionCount).toBeGreaterThanOrEqual(2);
    expect(optionCount).toBeLessThanOrEqual(3);
    // Every option has its affordability meter, below the marked cap.
    await expect(compare.getByRole('meter')).toHaveCount(optionCount);
    for (const meter of await compare.getByRole('meter').all()) {
      const now = Number(await meter.getAttribute('aria-valuenow'));
      expect(now).toBeGreaterThan(0);
      await expect(meter).toHaveAttribute('aria-valuetext', /% of verified weekly revenue \(limit \d+\.\d%\)$/);
    }

    const standard = compare.getByRole('article', { name: 'Standard offer' });
    await expect(standard.getByRole('button', { name: 'Choose Standard offer' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const summary = dialog.getByRole('region', { name: 'Offer summary' });
    for (const label of SUMMARY_LABELS) await expect(summary.getByText(label, { exact: true })).toBeVisible();
    const standardAmount = await standard.getByRole('heading').locator('xpath=following-sibling::*[1]').innerText();
    await expect(summaryValue(summary, 'Funding provided')).toHaveText(standardAmount);
    await expect(summaryValue(summary, 'Payment amount and frequency')).toHaveText(/^\$[\d,]+ weekly$/);

    // Another option: the summary follows the choice.
    const other = compare
      .getByRole('article')
      .filter({ hasNot: page.getByRole('heading', { name: 'Standard offer' }) })
      .first();
    const otherName = await other.getByRole('heading').innerText();
    await other.getByRole('button', { name: `Choose ${otherName}` }).click();
    await expect(other.getByRole('button', { name: `Choose ${otherName}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByText(`You are signing for: ${otherName},`)).toBeVisible();

    // Customize: the smallest amount the engine allows, then the longest term, repriced live by the server.
    await dialog.getByRole('button', { name: 'Customize amount and term' }).click();
    const amount = dialog.getByRole('slider', { name: 'Amount' });
    const smallest = usd(Number(await amount.getAttribute('aria-valuemin')));
    await amount.focus();
    await page.keyboard.press('Home');
    await expect(dialog.getByText('Repricing your offer...')).toBeVisible();
    await expect(
      dialog.getByText(new RegExp(`^Your choice: \\${smallest} for \\d+ weeks, \\$[\\d,]+ weekly\\.$`)),
    ).toBeVisible();
    await expect(summaryValue(summary, 'Funding provided')).toHaveText(smallest);
    await expect(dialog.getByText(`You are signing for: Your choice, ${smallest} over`)).toBeVisible();
    const term = dialog.getByRole('slider', { name: 'Term' });
    const longest = await term.getAttribute('aria-valuemax');
    await term.focus();
    await page.keyboard.press('End');
    await expect(dialog.getByText(`Your choice: ${smallest} for ${longest} weeks`)).toBeVisible();
    await expect(summaryValue(summary, 'Estimated term')).toContainText(`${longest} weeks`);
    await expect(summaryValue(summary, 'Funding provided')).toHaveText(smallest);

    // Printing shows the summary alone.
    await summary.getByRole('button', { name: 'Print summary' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-print-summary]')).toBeVisible();
    await expect(page.locator('[data-print-summary]')).toContainText('Net funds disbursed');
    await expect(dialog).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('[data-print-summary]')).toBeHidden();

    expect(await a11yViolations(page, { selector: '[role=alertdialog]' })).toEqual([]);

    // The signature: consent and a typed name are required.
    await dialog.getByRole('button', { name: 'Confirm and Accept' }).click();
    await expect(dialog.getByText('Please agree to receive and sign records electronically')).toBeVisible();
    await expect(dialog.getByText('Please type your full name to sign')).toBeVisible();
    await signOffer(dialog, 'Avery Tester');

    await expect(page.getByRole('heading', { name: 'Funding Accepted!' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('link', { name: 'View My Loans' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=loans$/);
    const loan = card(page, applicant.businessName);
    await expect(loan.getByText(smallest, { exact: true }).first()).toBeVisible();
    await expect(loan.getByText('Payoff today')).toBeVisible();
    await expect(loan.getByText(/less \$[\d,]+ prepayment discount · good for/)).toBeVisible();
    await expect(loan.getByRole('progressbar', { name: 'Renewal' })).toHaveAttribute('aria-valuenow', '0');
    await expect(loan.getByText('0% paid of the 50% needed for renewal')).toBeVisible();

    // The signed summary, again in the portal.
    await page.goto('/client-portal');
    await card(page, applicant.businessName)
      .getByRole('button', { name: /View signed summary/ })
      .click();
    const signed = page.getByRole('dialog', { name: 'Signed offer summary' });
    await expect(signed.getByText('Signed electronically by Avery Tester')).toBeVisible();
    await expect(summaryValue(signed, 'Funding provided')).toHaveText(smallest);
    await expect(summaryValue(signed, 'Estimated term')).toContainText(`${longest} weeks`);
    await expect(signed.getByText(`Chosen option: Your choice, ${smallest} over ${longest} weeks`)).toBeVisible();
  });

  test('a loan shows payoff and renewal, takes a lower-payment request, and staff see it with the signature', async ({
    page,
    browser,
    loginAs,
  }) => {
    test.slow();
    const user = await loginAs('client');
    const applicant = await approvedApplication(page, user.email);
    await page.goto('/dashboard');
    await card(page, applicant.businessName).getByRole('button', { name: 'Accept Funding' }).click();
    await signOffer(page.getByRole('alertdialog'));
    await page.getByRole('alertdialog').getByRole('link', { name: 'View My Loans' }).click();
    const loan = card(page, applicant.businessName);
    await expect(loan.getByText('0% paid of the 50% needed for renewal')).toBeVisible();

    // Half the schedule paid (staff would record these payments).
    await markHalfPaid(applicant.businessName);
    await page.reload();
    await expect(loan.getByText('Eligible for renewal', { exact: true })).toBeVisible();
    await expect(loan.getByRole('progressbar', { name: 'Renewal' })).toHaveAttribute('aria-valuenow', '100');

    await loan.getByRole('button', { name: /Request a lower payment/ }).click();
    const form = page.getByRole('dialog', { name: 'Request a Lower Payment' });
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(form.getByText('Please enter a weekly payment in whole dollars')).toBeVisible();
    await expect(form.getByText('Please tell us a little more (at least 10 characters)')).toBeVisible();
    await form.getByLabel('Weekly payment you can afford').fill('99999999');
    await form.getByLabel('What changed?').fill('A road closure cut our foot traffic for two months');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(form.getByText(/^Please enter less than your current payment of \$[\d,]+$/)).toBeVisible();
    await form.getByLabel('Weekly payment you can afford').fill('100');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByText('Lower Payment Requested')).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(loan.getByText(/^\$100 a week, asked/)).toBeVisible();

    // Staff see the signature on the application and the request on the loan.
    const staffContext = await browser.newContext({ baseURL: E2E_BASE_URL });
    try {
      const staffPage = await staffContext.newPage();
      await signIn(staffPage, await createUser({ role: 'admin', firstName: 'Ada' }));
      await staffPage.goto('/admin');
      await staffPage.getByRole('tab', { name: 'Active Loans' }).click();
      await staffPage.getByRole('button', { name: `Payments for ${applicant.businessName}` }).click();
      const payments = staffPage.getByRole('dialog');
      await expect(payments.getByRole('heading', { name: 'Lower payment requests' })).toBeVisible();
      await expect(payments.getByText('$100 a week requested')).toBeVisible();
      await expect(payments.getByText(/A road closure cut our foot traffic/)).toBeVisible();
      await payments.getByRole('button', { name: 'Close' }).click();
      await staffPage.getByRole('button', { name: `View ${applicant.businessName}` }).click();
      const signature = staffPage.getByRole('dialog').getByRole('region', { name: 'Offer signature' });
      await expect(signature.getByText('Casey Tester', { exact: true })).toBeVisible();
      await expect(signature.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
      await expect(signature.getByText('Standard offer', { exact: true })).toBeVisible();
    } finally {
      await staffContext.close();
    }
  });

  test('shows what would change the offer, refuses terms over the cap and takes a consolidation request', async ({
    page,
    loginAs,
  }) => {
    const user = await loginAs('client');
    const businessName = `Juniper Goods ${randomUUID().slice(0, 6)}`;
    await seedEngineApproval(user.id, businessName);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await card(page, businessName).getByRole('button', { name: 'Accept Funding' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Accept this funding offer?' });

    // $1,463 of $16,000 verified weekly revenue, against a limit of $2,000 (12.5%).
    const standard = dialog.getByRole('article', { name: 'Standard offer' });
    await expect(standard.getByRole('meter', { name: 'Affordability' })).toHaveAttribute(
      'aria-valuetext',
      '9.1% of verified weekly revenue (limit 12.5%)',
    );
    await expect(dialog.getByRole('article', { name: 'Longer term' })).toBeVisible();
    await expect(dialog.getByText(/allows for the \$2,250 a week you already pay other funders/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const changes = dialog.getByRole('region', { name: 'What would change this offer' });
    await expect(changes.getByText('Existing daily debit of $450 to Rapid Capital Funding')).toBeVisible();
    await expect(changes.getByText('Without it: $60,000, $1,950 weekly for 40 weeks')).toBeVisible();

    // The full amount on the shortest term would take more than the limit: the server says so.
    await dialog.getByRole('button', { name: 'Customize amount and term' }).click();
    const term = dialog.getByRole('slider', { name: 'Term' });
    await term.focus();
    await page.keyboard.press('Home');
    await expect(dialog.getByRole('alert')).toContainText(
      'is more than your revenue can carry (at most $2,000 a week)',
    );
    await expect(dialog.getByRole('button', { name: 'Confirm and Accept' })).toBeDisabled();
    await page.keyboard.press('End');
    await expect(dialog.getByText(/^Your choice: \$45,000 for 53 weeks/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm and Accept' })).toBeEnabled();
    expect(await a11yViolations(page, { selector: '[role=alertdialog]' })).toEqual([]);

    const positions = dialog.getByRole('region', { name: 'Existing financing on your statements' });
    await expect(positions.getByText('$450 daily (about $2,250 a week)')).toBeVisible();
    await positions.getByRole('button', { name: 'Consolidate these' }).click();
    await expect(page.getByText('Consolidation Requested', { exact: true })).toBeVisible();
    await expect(positions.getByText('Consolidation requested for Rapid Capital Funding.')).toBeVisible();
    await expect(positions.getByRole('button', { name: 'Consolidate these' })).toHaveCount(0);
  });
});

/** Records one payment of half the total repayment, straight in the database (as staff would record it). */
async function markHalfPaid(businessName: string) {
  const [rows] = await db().query(
    `SELECT l.id, l.purchased_amount_cents FROM loans l JOIN applications a ON a.id = l.application_id
     WHERE a.business_name = ?`,
    [businessName],
  );
  const [loan] = rows as Array<{ id: string; purchased_amount_cents: number | string }>;
  if (!loan) throw new Error(`No loan for ${businessName}`);
  await db().query(
    'INSERT INTO loan_payments (id, loan_id, amount_cents, paid_on, note, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [
      randomUUID(),
      loan.id,
      Math.ceil(Number(loan.purchased_amount_cents) / 2),
      new Date().toISOString().slice(0, 10),
      'e2e: half paid',
      new Date(),
    ],
  );
}
