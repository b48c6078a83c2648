import { applyThroughWizard, expectStep, newApplicant } from './apply-helpers';
import { expect, latestMailTo, test } from './fixtures';

// The way back to an anonymous application: skip the account, open the link from the receipt email, create the
// account there, and the application is in the dashboard.

test('apply, Skip for Now, open the emailed link, create the account: the application is in the dashboard', async ({
  page,
}) => {
  test.slow(); // the whole wizard and the underwriting
  const applicant = newApplicant();
  await applyThroughWizard(page, applicant);

  await expectStep(page, 'Instant Decision');
  await expect(page.getByText(/We have emailed you a link to this application/)).toBeVisible();
  await page.getByRole('button', { name: 'Accept Pre-Approval' }).click();
  await expectStep(page, 'Application Submitted');
  const skip = page.getByRole('link', { name: 'Skip for Now' });
  await expect(skip).toHaveAccessibleDescription(/We have emailed you a link to this application/);
  await skip.click();

  // A fresh browser: nothing of the wizard's session comes along, only the link.
  await page.context().clearCookies();
  let mail: string | undefined;
  await expect.poll(() => (mail = latestMailTo(applicant.email))?.includes('/applications/claim?token=')).toBe(true);
  const link = /https?:\/\/\S+\/applications\/claim\?token=[a-z0-9]+/.exec(mail ?? '')?.[0] ?? '';
  await page.goto(new URL(link).pathname + new URL(link).search);

  await expect(page.getByRole('heading', { name: 'Your Application', level: 1 })).toBeVisible();
  await expect(page.getByText(applicant.businessName)).toBeVisible();
  await expect(page.getByText('Pre-approved', { exact: true })).toBeVisible();

  await page.getByLabel('First Name').fill('Jordan');
  await page.getByLabel('Last Name').fill('Applicant');
  await page.getByRole('textbox', { name: 'Email' }).fill(applicant.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Maple-Orbit-93');
  await page.getByLabel('Confirm Password').fill('Maple-Orbit-93');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('article', { name: applicant.businessName })).toBeVisible();

  // Used once: the same link now offers a new one.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'This link can no longer be used' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email Me a New Link' })).toBeVisible();
});

test('the login page offers the emailed link and a resend form with one answer for every address', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Already applied? Use the link we emailed you' }).click();
  await page.getByLabel('Email you applied with').fill('nobody-applied@example.test');
  await page.getByRole('button', { name: 'Email Me a New Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /If you applied with that email/ })).toBeVisible();
});
