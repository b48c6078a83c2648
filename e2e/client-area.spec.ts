import { randomUUID } from 'node:crypto';
import { a11yViolations } from './axe';
import type { Page } from '@playwright/test';
import { db, expect, signOffer, test } from './fixtures';

// Client area. Each flow here starts from an application seeded straight into the e2e database, so it
// can set up any status; journey.spec.ts walks the whole way from /apply with nothing seeded.

type SeedOpts = {
  userId: string;
  businessName: string;
  status?: 'approved' | 'pending' | 'declined' | 'review';
  loanAmount?: number;
  approvedAmount?: number;
};

/** An application the engine approved, with its stored underwriting result (synthetic data only). */
async function seedApplication(opts: SeedOpts): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  const status = opts.status ?? 'approved';
  const approvedAmount = opts.approvedAmount ?? 45_000;
  await db().query(
    `INSERT INTO applications (id, user_id, status, ai_approved, loan_amount_cents, approved_amount_cents, business_name,
       business_type, time_in_business, business_start_date, business_address, ein_enc, ein_last4, ssn_enc, ssn_last4,
       date_of_birth_enc, owner_name, email, phone, estimated_credit_score, monthly_revenue, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'Retail', '2-5 years', '2021-04-01', '100 Test Avenue, Springfield, IL 62701',
       'v1:seed:ein:x', '0001', 'v1:seed:ssn:x', '0001', 'v1:seed:dob:x', 'Pat Example', ?, '(555) 010-0100', 700,
       '$50,000 - $100,000', ?, ?)`,
    [
      id,
      opts.userId,
      status,
      status === 'approved' ? 'approved' : 'review',
      (opts.loanAmount ?? 60_000) * 100,
      status === 'approved' ? approvedAmount * 100 : null,
      opts.businessName,
      `applicant-${id.slice(0, 8)}@example.test`,
      now,
      now,
    ],
  );
  if (status === 'approved') {
    const result = {
      approved: true,
      approvedAmount,
      mcaTerms: {
        purchaseAmount: approvedAmount * 1.3,
        factorRate: 1.3,
        weeklyPayment: (approvedAmount * 1.3) / 40,
        termWeeks: 40,
      },
      bankStatementInsights: {
        averageMonthlyRevenue: 72_000,
        healthScore: 81,
        consistencyRating: 'High',
        cashFlowTrend: 'Stable',
        recommendations: ['Keep two weeks of payments in reserve'],
      },
      riskAssessment: { overallRiskLevel: 'Low', riskFactors: [] },
      nextSteps: ['Review and accept your offer'],
      confidence: 87,
      estimatedApr: 41.2,
    };
    const aiData = {
      recommendation: 'Approved',
      approvedAmount,
      confidence: 87,
      reasoning: 'Seeded',
      riskFactors: [],
      interestRate: 41.2,
    };
    await db().query(
      `INSERT INTO underwriting_results (id, application_id, engine_version, decision, confidence, approved_amount_cents,
         result, ai_data, analysis, created_at) VALUES (?, ?, 'e2e-seed', 'approved', 87, ?, ?, ?, '{}', ?)`,
      [randomUUID(), id, approvedAmount * 100, JSON.stringify(result), JSON.stringify(aiData), now],
    );
  }
  return id;
}

/** A completed milestone already claimed into a reward that expired yesterday. */
async function seedExpiredReward(userId: string) {
  const progressId = randomUUID();
  const now = Date.now();
  await db().query(
    `INSERT INTO milestone_progress (id, user_id, milestone_id, current_progress, is_completed, completed_at, reward_claimed, claimed_at)
     VALUES (?, ?, 'account-created', 1, 1, ?, 1, ?)`,
    [progressId, userId, new Date(now - 100 * 86_400_000), new Date(now - 91 * 86_400_000)],
  );
  await db().query(
    `INSERT INTO rewards (id, user_id, milestone_progress_id, reward_type, reward_value, is_used, earned_at, expires_at)
     VALUES (?, ?, ?, 'feature_unlock', 0, 0, ?, ?)`,
    [randomUUID(), userId, progressId, new Date(now - 91 * 86_400_000), new Date(now - 86_400_000)],
  );
}

const business = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;

function inUtcDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

test.describe('client area', () => {
  test('an approved client accepts funding, sees the loan, then claims and uses the reward', async ({
    page,
    loginAs,
  }) => {
    test.slow(); // many pages and a 3-second animation
    const user = await loginAs('client', { firstName: 'Jordan' });
    const businessName = business('Harbor Bakery');
    const applicationId = await seedApplication({ userId: user.id, businessName });

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Jordan!' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByText('Total Applications')).toBeVisible();
    await expect(summary.getByText('$60,000')).toBeVisible();

    const application = card(page, businessName);
    await expect(application.getByText('Pre-Approved', { exact: true })).toBeVisible();
    await expect(application.getByText(`ID: ${applicationId.slice(0, 8).toUpperCase()}`)).toBeVisible();
    await application.getByRole('button', { name: 'Accept Funding' }).click();

    const confirm = page.getByRole('alertdialog', { name: 'Accept this funding offer?' });
    const standard = confirm.getByRole('article', { name: 'Standard offer' });
    await expect(standard.getByText('$45,000', { exact: true })).toBeVisible();
    await expect(standard.getByText('$1,463', { exact: true })).toBeVisible();
    await expect(standard.getByText('40 weeks', { exact: true })).toBeVisible();
    // Show the animation as a visitor without reduced motion sees it.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await signOffer(confirm, 'Jordan Tester');

    const celebration = page.getByRole('alertdialog');
    await expect(celebration.getByRole('heading', { name: 'Accepting your funding...' })).toBeVisible();
    await expect(celebration.getByRole('heading', { name: 'Funding Accepted!' })).toBeVisible();
    await expect(celebration.getByText('A representative will reach out within 24 hours.')).toBeVisible();
    await celebration.getByRole('link', { name: 'View My Loans' }).click();

    await expect(page).toHaveURL(/\/dashboard\?tab=loans$/);
    await expect(page.getByRole('tab', { name: 'Current Loans', selected: true })).toBeVisible();
    // Within the Loans panel: on a busy machine the Applications panel, with a card of the same name, may still be
    // leaving.
    const loan = page.getByRole('tabpanel', { name: 'Current Loans' }).getByRole('article', { name: businessName });
    await expect(loan.getByRole('definition').filter({ hasText: '$45,000' })).toBeVisible(); // the principal, not a chart tick
    await expect(loan.getByText('$58,500').first()).toBeVisible(); // balance = total payback
    // The APR of the terms themselves (one pricing function), not the seeded result's estimate.
    await expect(loan.getByText('70%', { exact: true })).toBeVisible();
    // The card's next payment date (the progress chart lists it again under "Next payments").
    await expect(loan.getByRole('definition').getByText(inUtcDays(7))).toBeVisible();
    await expect(loan.getByText('Current', { exact: true })).toBeVisible();
    await loan.getByRole('button', { name: 'View Payment Schedule' }).click();
    const schedule = page.getByRole('dialog', { name: /Payment Schedule/ });
    await expect(schedule.getByRole('row')).toHaveCount(41);
    await expect(schedule.getByRole('row').nth(1)).toContainText(inUtcDays(7));
    await expect(schedule.getByRole('row').nth(2)).toContainText(inUtcDays(14));
    await schedule.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Applications' }).click();
    const funded = page.getByRole('tabpanel', { name: 'Applications' }).getByRole('article', { name: businessName });
    await expect(funded.getByText('Funded', { exact: true })).toBeVisible();
    await expect(funded.getByRole('button', { name: 'Accept Funding' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Rewards' }).click();
    await page.getByRole('link', { name: 'Open Rewards Dashboard' }).click();
    await expect(page).toHaveURL(/\/rewards$/);
    const milestone = card(page, 'Funded');
    await expect(milestone.getByText('Ready to Claim')).toBeVisible();
    await milestone.getByRole('button', { name: 'Claim reward for Funded' }).click();
    await expect(page.getByText('Reward Claimed')).toBeVisible();
    await expect(milestone.getByText('Claimed', { exact: true })).toBeVisible();
    await expect(milestone.getByRole('button', { name: /Claim/ })).toHaveCount(0);

    await page.getByRole('tab', { name: 'My Rewards' }).click();
    const reward = card(page, '$100 cash credit');
    await expect(reward.getByText('Available')).toBeVisible();
    await reward.getByRole('button', { name: 'Use $100 cash credit' }).click();
    await expect(page.getByText('Reward Used')).toBeVisible();
    await expect(reward.getByText('Used', { exact: true })).toBeVisible();
    await expect(reward.getByRole('button', { name: /Use/ })).toHaveCount(0);
  });

  test('the client portal shows the account, the full offer and the analysis, then logs out', async ({
    page,
    loginAs,
  }) => {
    const user = await loginAs('client', { firstName: 'Morgan' });
    const businessName = business('Cedar Workshop');
    await seedApplication({ userId: user.id, businessName, approvedAmount: 30_000 });

    await page.goto('/client-portal');
    await expect(page.getByRole('heading', { name: 'Welcome, Morgan!' })).toBeVisible();
    const account = page.getByRole('region', { name: 'Account Information' });
    await expect(account.getByText('Morgan Tester')).toBeVisible();
    await expect(account.getByText(user.email)).toBeVisible();
    await expect(account.getByText('Tester Supply Co')).toBeVisible();

    const application = card(page, businessName);
    await expect(application.getByText(/Automated analysis:.*health score 81\/100/)).toBeVisible();
    await application.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: businessName });
    for (const text of ['$30,000', '1.30', '$39,000', '$975', '40 weeks', '70%', 'Review and accept your offer']) {
      await expect(details.getByText(text, { exact: true })).toBeVisible();
    }
    // With reduced motion (the default here) the acceptance opens on its finished state.
    await details.getByRole('button', { name: 'Accept Funding' }).click();
    await signOffer(page.getByRole('alertdialog'), 'Morgan Tester');
    await expect(page.getByRole('heading', { name: 'Funding Accepted!' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
    await expect(application.getByText('Funded', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).first(),
    ).toBeVisible();
  });

  test('a failed acceptance shows the server’s message', async ({ page, loginAs }) => {
    const user = await loginAs('client');
    const businessName = business('Maple Florist');
    const applicationId = await seedApplication({ userId: user.id, businessName });

    await page.goto('/dashboard');
    await card(page, businessName).getByRole('button', { name: 'Accept Funding' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('region', { name: 'Offer summary' })).toBeVisible();
    // Staff move the application back to review while the client is deciding.
    await db().query("UPDATE applications SET status = 'review' WHERE id = ?", [applicationId]);
    await signOffer(dialog);
    await expect(page.getByText('This application has no approved offer to accept')).toBeVisible();
    await expect(card(page, businessName).getByText('Pending Review')).toBeVisible();
  });

  test('a new client sees the empty states and can request refinancing', async ({ page, loginAs }) => {
    await loginAs('client', { firstName: 'Riley' });
    await page.goto('/dashboard');
    await expect(page.getByText('No Applications Yet')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/apply');
    await expect(main.getByRole('link', { name: 'Apply for New Loan' })).toHaveAttribute('href', '/apply');

    await page.getByRole('button', { name: 'Request Refinancing' }).click();
    const form = page.getByRole('dialog', { name: 'Request Refinancing' });
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(form.getByText('Please tell us a little more (at least 10 characters)')).toBeVisible();
    await form.getByLabel('Amount needed (optional)').fill('75000');
    await form.getByLabel(/Why would you like to refinance/).fill('Consolidate two outside advances into one payment');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByText('Refinance Request Sent')).toBeVisible();
    await expect(form).toHaveCount(0);

    await page.getByRole('tab', { name: 'Current Loans' }).click();
    await expect(page.getByText('No active loans found')).toBeVisible();
    await page.getByRole('tab', { name: 'Rewards' }).click();
    await expect(page.getByText('No rewards earned yet. Complete milestones to earn rewards!')).toBeVisible();
  });

  test('the rewards dashboard filters milestones and shows an expired reward without a Use button', async ({
    page,
    loginAs,
  }) => {
    const user = await loginAs('client');
    await seedExpiredReward(user.id);
    await page.goto('/rewards');
    await expect(page.getByRole('heading', { name: 'Rewards Dashboard' })).toBeVisible();
    await expect(page.getByText('Level 1')).toBeVisible();

    const filters = page.getByRole('group', { name: 'Filter milestones by category' });
    await filters.getByRole('button', { name: 'Payment' }).click();
    await expect(filters.getByRole('button', { name: 'Payment' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, 'On Track')).toBeVisible();
    await expect(card(page, 'Welcome Aboard')).toHaveCount(0);
    await filters.getByRole('button', { name: 'Engagement' }).click();
    await expect(card(page, 'Welcome Aboard').getByText('Claimed', { exact: true })).toBeVisible();
    await expect(card(page, 'On Track')).toHaveCount(0);

    await page.getByRole('tab', { name: 'My Rewards' }).click();
    const reward = card(page, 'Feature unlock');
    await expect(reward.getByText('Expired', { exact: true })).toBeVisible();
    await expect(reward.getByRole('button')).toHaveCount(0);
  });

  test('the client pages are accessible and fit a phone screen', async ({ page, loginAs }) => {
    test.slow(); // four axe scans
    const user = await loginAs('client');
    await seedApplication({ userId: user.id, businessName: business('Willow Cafe') });
    await page.setViewportSize({ width: 390, height: 844 });
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto('/dashboard');
    await expect(page.getByRole('article').getByText('Pre-Approved', { exact: true })).toBeVisible();
    expect(await fitsWidth()).toBe(true);
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);
    await page.getByRole('button', { name: 'Accept Funding' }).click();
    await expect(page.getByRole('alertdialog').getByRole('region', { name: 'Offer summary' })).toBeVisible();
    expect(await fitsWidth()).toBe(true);
    expect(await a11yViolations(page, { selector: '[role=alertdialog]' })).toEqual([]);
    await signOffer(page.getByRole('alertdialog'));
    await page.getByRole('alertdialog').getByRole('link', { name: 'View My Loans' }).click();
    await expect(page.getByRole('button', { name: 'View Payment Schedule' })).toBeVisible();
    expect(await fitsWidth()).toBe(true);
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);

    await page.goto('/client-portal');
    await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible();
    await expect(page.getByRole('article').getByText('Funded', { exact: true })).toBeVisible();
    expect(await fitsWidth()).toBe(true);
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);

    await page.goto('/rewards');
    await expect(page.getByRole('heading', { name: 'Rewards Dashboard' })).toBeVisible();
    expect(await fitsWidth()).toBe(true);
    expect(await a11yViolations(page, { selector: '#main' })).toEqual([]);
  });
});
