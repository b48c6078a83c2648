import { createUser, expect, latestMailTo, test } from './fixtures';

test.describe('account access page', () => {
  test('offers the choice, then logs a client in to the portal', async ({ page }) => {
    const user = await createUser({ firstName: 'Lena' });
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Create account by applying' })).toHaveAttribute('href', '/apply');
    await page.getByRole('button', { name: 'Log In to Your Account' }).click();

    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Please enter both email and password')).toBeVisible();

    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-Password-9');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    // In the toast and, so it stays, beside the form.
    await expect(page.getByText('Invalid email or password')).toHaveCount(2);
    await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid email or password');

    const passwordField = page.getByRole('textbox', { name: 'Password', exact: true });
    await passwordField.fill(user.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordField).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/client-portal$/);
    await expect(page.getByRole('button', { name: 'Account menu for Lena' })).toBeVisible();
  });

  test('sends a reset email from the forgot-password dialog', async ({ page }) => {
    const user = await createUser();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In to Your Account' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByText('Please enter your email address')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Reset Email Sent')).toBeVisible();
    await expect.poll(() => latestMailTo(user.email)).toContain('/reset-password?token=');
  });
});

test.describe('client portal signed out', () => {
  test('shows the portal login form with its own messages', async ({ page }) => {
    const user = await createUser();
    await page.goto('/client-portal');
    await expect(page.getByRole('heading', { name: 'Client Portal' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for funding' })).toHaveAttribute('href', '/apply');
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-Password-9');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Login Successful')).toBeVisible();
    await expect(page.getByText('Welcome back to your client portal!')).toBeVisible();
  });
});
