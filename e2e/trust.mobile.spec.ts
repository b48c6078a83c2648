import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';

test('the dead reset link page offers a new link on a phone, without overflowing', async ({ page }) => {
  await page.goto('/reset-password');
  const form = page.getByRole('form', { name: 'Request a new link' });
  await expect(form.getByLabel('Email')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousAxeViolations(page);
});
