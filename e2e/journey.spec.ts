import { applyThroughWizard, expectStep, newApplicant } from './apply-helpers';
import { db, expect, signOffer, test } from './fixtures';

// The whole journey with nothing seeded: apply -> create account -> dashboard shows the application ->
// accept funding (animation) -> the loan in Current Loans -> the completed milestone -> claim -> use.

type Row = Record<string, unknown>;

test('a new applicant applies, creates an account, accepts funding, sees the loan and uses the reward', async ({
  page,
}) => {
  test.slow(); // the whole wizard, the underwriting and a 3-second animation
  const applicant = newApplicant();
  await applyThroughWizard(page, applicant);

  // The synthetic statement shows ~$70,000 a month of steady revenue: the engine approves it.
  await expectStep(page, 'Instant Decision');
  await page.getByRole('button', { name: 'Accept Pre-Approval' }).click();
  await expectStep(page, 'Application Submitted');
  await page.getByRole('button', { name: 'Create Account to Track Application' }).click();
  await expectStep(page, 'Create Account');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Maple-Orbit-93');
  await page.getByLabel('Confirm Password').fill('Maple-Orbit-93');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectStep(page, 'Account Created');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan!' })).toBeVisible();
  const application = page.getByRole('article', { name: applicant.businessName });
  await expect(application.getByText('Pre-Approved', { exact: true })).toBeVisible();
  await application.getByRole('button', { name: 'Accept Funding' }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Accept this funding offer?' });
  const standard = confirm.getByRole('article', { name: 'Standard offer' });
  await expect(standard).toBeVisible();
  await standard.getByRole('button', { name: 'Choose Standard offer' }).click();
  await expect(standard.getByRole('button', { name: 'Choose Standard offer' })).toHaveAttribute('aria-pressed', 'true');
  const amount =
    (await standard
      .getByText(/^\$[\d,]+$/)
      .first()
      .textContent()) ?? '';
  expect(amount).toMatch(/^\$[\d,]+$/);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signOffer(confirm, 'Jordan Applicant');

  const celebration = page.getByRole('alertdialog');
  await expect(celebration.getByRole('heading', { name: 'Accepting your funding...' })).toBeVisible();
  await expect(celebration.getByRole('heading', { name: 'Funding Accepted!' })).toBeVisible();
  await celebration.getByRole('link', { name: 'View My Loans' }).click();

  await expect(page.getByRole('tab', { name: 'Current Loans', selected: true })).toBeVisible();
  const loan = page.getByRole('article', { name: applicant.businessName });
  await expect(loan.getByText(amount, { exact: true }).first()).toBeVisible();
  await expect(loan.getByText('Current', { exact: true })).toBeVisible();

  const [loans] = await db().query(
    `SELECT l.principal_cents, s.full_name FROM loans l JOIN applications a ON a.id = l.application_id
       JOIN offer_signatures s ON s.loan_id = l.id WHERE a.email = ?`,
    [applicant.email],
  );
  expect(loans as Row[]).toHaveLength(1);
  expect(`$${(Number((loans as Row[])[0]!.principal_cents) / 100).toLocaleString('en-US')}`).toBe(amount);
  expect((loans as Row[])[0]!.full_name).toBe('Jordan Applicant');

  await page.getByRole('tab', { name: 'Rewards' }).click();
  await page.getByRole('link', { name: 'Open Rewards Dashboard' }).click();
  const milestone = page.getByRole('article', { name: 'Funded' });
  await expect(milestone.getByText('Ready to Claim')).toBeVisible();
  await milestone.getByRole('button', { name: 'Claim reward for Funded' }).click();
  await expect(page.getByText('Reward Claimed')).toBeVisible();

  await page.getByRole('tab', { name: 'My Rewards' }).click();
  const reward = page.getByRole('article', { name: '$100 cash credit' });
  await reward.getByRole('button', { name: 'Use $100 cash credit' }).click();
  await expect(page.getByText('Reward Used')).toBeVisible();
  await expect(reward.getByText('Used', { exact: true })).toBeVisible();
});
