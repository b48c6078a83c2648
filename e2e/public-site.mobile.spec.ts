import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';

// Public site on a phone: the menu, the hero, the calculator and the sticky box fit the screen.

test('the mobile menu reaches every public page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.getByRole('link', { name: 'Our Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'Pick Your Product' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Send Us a Message' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Get Approved Now' }),
  ).toHaveAttribute('href', '/apply');
});

test('the first tap on the phone menu opens it, before anything on the page has hydrated', async ({ page }) => {
  // The bar's React code comes late: the tap lands on the build's markup, is held back, and is played once live.
  await page.route(/\/assets\/first-view-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.locator('[data-island="navbar"]')).not.toHaveAttribute('data-live');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.locator('[data-island="navbar"][data-live]')).toBeAttached();
});

test('the landing page fits a phone: no horizontal scroll, hero first, sticky box after 300 px', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Servicing all 50 States', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply Now' }).first()).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.evaluate(() => window.scrollTo({ top: 320, behavior: 'instant' }));
  const box = page.getByRole('region', { name: 'Apply Today' });
  await expect(box).toBeVisible();
  const bounds = await box.boundingBox();
  const viewport = page.viewportSize()!;
  expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(viewport.width);
  await box.getByRole('button', { name: 'Close Apply Today box' }).click();
  await expect(box).toHaveCount(0);
});

test('the calculator works with touch-sized controls and the page passes axe', async ({ page }) => {
  await page.goto('/');
  const amount = page.locator('#calculator').getByRole('slider', { name: 'Loan Amount' });
  await amount.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#calculator').getByTestId('emi-amount')).toHaveText('$4,943');
  // The calculator sits below the 300 px threshold: the Apply Today box loads and fades in; check it shown.
  await expect(page.getByRole('region', { name: 'Apply Today' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
