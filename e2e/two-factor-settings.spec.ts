import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import type { Page } from '@playwright/test';
import { createUser, expect, latestMailTo, test } from './fixtures';

// A signed-in staff member replaces the authenticator app or makes new recovery codes: both ask for the password
// and a current code (or a recovery code), and say clearly which one was wrong.

/** Signs a new admin in through the login page and enrols a first authenticator; answers its recovery codes. */
async function enrolledStaff(page: Page) {
  const staff = await createUser({ role: 'admin', firstName: 'Rory' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In to Your Account' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(staff.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByRole('button', { name: 'Begin Setup' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page
    .getByRole('textbox', { name: '6-digit code' })
    .fill(generateTOTP(decodeBase32IgnorePadding(secret), 30, 6));
  await page.getByRole('button', { name: 'Verify and Enable' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(list).toHaveCount(10);
  const codes = await list.allTextContents();
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  return { staff, codes };
}

test.describe('two-factor settings', () => {
  test('replacing the authenticator app asks for the password and a current code', async ({ page }) => {
    const { staff, codes } = await enrolledStaff(page);
    await page.getByRole('button', { name: 'Replace Authenticator App' }).click();
    await expect(page.getByRole('heading', { name: 'Replace your authenticator app' })).toBeVisible();
    await page.getByRole('button', { name: 'Begin Setup' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    const newCode = () => generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);

    await page.getByRole('textbox', { name: '6-digit code from the new app' }).fill(newCode());
    await page.getByRole('button', { name: 'Verify and Replace' }).click();
    await expect(page.getByText('Enter your password', { exact: true })).toBeVisible();

    await page.getByLabel('Your password').fill('Not-The-Password-1');
    await page.getByRole('textbox', { name: 'Current code or recovery code' }).fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify and Replace' }).click();
    await expect(page.getByText('Incorrect password')).toBeVisible();

    await page.getByLabel('Your password').fill(staff.password);
    await page.getByRole('textbox', { name: '6-digit code from the new app' }).fill(newCode());
    await page.getByRole('button', { name: 'Verify and Replace' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expect.poll(() => latestMailTo(staff.email) ?? '').toContain('two-factor authenticator was changed');
    await page.getByRole('button', { name: /Continue/ }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('new recovery codes need the password and a current code', async ({ page }) => {
    const { staff, codes } = await enrolledStaff(page);
    await page.getByRole('button', { name: 'Make New Recovery Codes' }).click();
    await page.getByLabel('Your password').fill(staff.password);
    await page.getByRole('textbox', { name: 'Current code or recovery code' }).fill('zzzzzzzzzz');
    await page.getByRole('button', { name: 'Make New Codes' }).click();
    await expect(page.getByText('Invalid verification code')).toBeVisible();

    await page.getByRole('textbox', { name: 'Current code or recovery code' }).fill(codes[1]!);
    await page.getByRole('button', { name: 'Make New Codes' }).click();
    const fresh = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(fresh).toHaveCount(10);
    expect(await fresh.allTextContents()).not.toContain(codes[2]);
  });
});
