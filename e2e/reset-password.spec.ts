import type { Page } from '@playwright/test';
import { apiPost, createUser, E2E_BASE_URL, expect, latestMailTo, test } from './fixtures';

async function resetLinkFor(page: Page, email: string): Promise<string> {
  const response = await apiPost(page, '/api/auth/forgot-password', { email });
  expect(response.status()).toBe(200);
  let link = '';
  await expect
    .poll(() => {
      link = /\/reset-password\?token=[a-z0-9]+/.exec(latestMailTo(email) ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test('without a token the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByText('Invalid Link')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('checks the five rules live, then resets the password', async ({ page }) => {
  const user = await createUser();
  await page.goto(await resetLinkFor(page, user.email));
  const rules = page.getByRole('list', { name: 'Password requirements' });
  await expect(rules.locator('[data-met="true"]')).toHaveCount(0);

  const password = page.getByRole('textbox', { name: 'New Password', exact: true });
  await password.fill('abc');
  await expect(rules.getByText('One lowercase letter')).toHaveAttribute('data-met', 'true');
  await expect(rules.getByText('At least 8 characters')).toHaveAttribute('data-met', 'false');

  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Validation Error')).toBeVisible();
  const box = page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters long' });
  await expect(box).toContainText('Password must contain at least one uppercase letter');
  await expect(box).toContainText('Password must contain at least one number');
  await expect(box).toContainText('Password must contain at least one special character');

  await password.fill('Bright-Lantern-31');
  await expect(rules.locator('[data-met="true"]')).toHaveCount(5);
  await expect(box).toBeHidden();

  await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Bright-Lantern-30');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Bright-Lantern-31');
  await expect(page.getByText("Passwords don't match")).toBeHidden();

  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const login = await apiPost(page, '/api/client/login', { email: user.email, password: 'Bright-Lantern-31' });
  expect(login.status()).toBe(200);
});

test('a used link reports the server message', async ({ page }) => {
  const user = await createUser();
  const link = await resetLinkFor(page, user.email);
  const token = new URL(link, E2E_BASE_URL).searchParams.get('token');
  await apiPost(page, '/api/auth/reset-password', { token, newPassword: 'Silver-Canyon-44' });
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Golden-Canyon-45');
  await page.getByRole('textbox', { name: 'Confirm New Password' }).fill('Golden-Canyon-45');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
});
