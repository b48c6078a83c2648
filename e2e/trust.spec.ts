import { applyThroughWizard, expectStep, newApplicant } from './apply-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { createUser, expect, latestMailTo, signIn, test } from './fixtures';

// The decision in plain words, and the small things of account access (docs/product.md 2 and 4.10).

test('an approval for less than asked says why, with the APR beside the factor rate', async ({ page }) => {
  const applicant = { ...newApplicant(), loanAmount: '400000' };
  await applyThroughWizard(page, applicant);
  await expectStep(page, 'Instant Decision');
  await expect(page.getByRole('heading', { name: 'You are pre-approved for a smaller amount' })).toBeVisible();
  await expect(page.getByText(/Congratulations/)).toHaveCount(0);
  const amount = (await page.getByTestId('approved-amount').textContent()) ?? '';
  await expect(page.getByTestId('less-than-asked')).toContainText(
    new RegExp(
      `We can offer \\${amount} of the \\$400,000 you asked for because (weekly payments are capped|we advance at most)`,
    ),
  );
  const offer = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Your Offer' }) })
    .last();
  await expect(offer.getByText('Factor rate', { exact: true })).toBeVisible();
  await expect(offer.getByText('Estimated APR', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'What these terms mean' })).toContainText('The factor rate is');
  await expectNoSeriousAxeViolations(page);
});

test('the reset page without a token or with a dead one offers a new link', async ({ page }) => {
  const user = await createUser();
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Request a new link' });
  await form.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(form.getByText('Please enter your email address')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: "we've sent a link to reset your password" }),
  ).toBeVisible();
  await expect.poll(() => latestMailTo(user.email) ?? '').toMatch(/reset-password\?token=[a-z0-9]+/);

  await page.goto(`/reset-password?token=${'0'.repeat(40)}`);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Bright-Lantern-31');
  await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Bright-Lantern-31');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Request a new link' })).toBeVisible();
});

test('a failed login says so beside the form, and the forgot dialog has the typed email', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In to Your Account' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.test');
  await page.getByRole('textbox', { name: 'Password' }).fill('Wrong-Pass-123!');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const message = page.locator('form').getByRole('alert');
  await expect(message).toHaveText(/\w+/);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Email' })).toHaveValue('nobody@example.test');
});

test('a signed-in client who opens /login goes to their area', async ({ page }) => {
  const user = await createUser();
  await signIn(page, user);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/client-portal$/);
});
