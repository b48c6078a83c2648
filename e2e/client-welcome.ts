import type { Page } from '@playwright/test';
import { expect, type E2EUser } from './fixtures';

/**
 * Signs in through the login page and checks the one welcome toast covers no button or link of the page it lands on
 * (its own close button aside).
 */
export async function expectWelcomeClearOfButtons(page: Page, user: E2EUser) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In to Your Account' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/client-portal$/);
  const toast = page.locator('[data-scope="toast"][data-part="root"]');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('Welcome back!');
  // Held open (a pointer over a toast pauses it) while the page it covers finishes drawing.
  await toast.hover();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  const covered = await toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return Array.from(document.querySelectorAll('button, a[href], input, select, textarea'))
      .filter((control) => !element.contains(control))
      .filter((control) => {
        const rect = control.getBoundingClientRect();
        const style = getComputedStyle(control);
        if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') return false;
        return rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
      })
      .map((control) => (control.textContent ?? '').trim() || control.getAttribute('aria-label') || control.tagName);
  });
  expect(covered, 'controls under the welcome toast').toEqual([]);
}
