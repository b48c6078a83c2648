import { expect, test } from './fixtures';

test('the mobile menu has every link and Get Approved Now', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  for (const name of ['Home', 'Our Products', 'Apply', 'About', 'Contact', 'Log In']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Get Approved Now' }).click();
  await expect(page).toHaveURL(/\/apply$/);
});
