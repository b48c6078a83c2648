import { expect, test } from './fixtures';

test('unknown paths show Page Not Found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('signed out: Log In and Apply, no Dashboard or Admin', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Our Products', 'About', 'Contact'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Apply', exact: true }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('signed out, /dashboard warns and sends the visitor to log in', async ({ page }) => {
  // The login navigation starts 500 ms after the toast shows, and once it has started Playwright's locators wait for
  // it to finish instead of reading the page: polled at growing intervals, a locator could miss those 500 ms on a busy
  // machine (a full-suite run did). So the page itself reports every notification it shows, as it shows it, and the
  // navigation is held until the toast has been seen.
  const shown: string[] = [];
  await page.exposeFunction('reportStatus', (text: string) => shown.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportStatus: (text: string) => void }).reportStatus;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        if (status.textContent?.includes('You are logged out. Logging in again...')) report(status.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/login**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect.poll(() => shown.join('\n')).toContain('Unauthorized');
  release();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
});

test('a client sees Dashboard and an account menu with their first name, no Admin', async ({ page, loginAs }) => {
  await loginAs('client', { firstName: 'Priya' });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Account menu for Priya' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(nav.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});

test('an admin sees the Admin link and Admin Panel', async ({ page, loginAs }) => {
  await loginAs('admin', { firstName: 'Omar' });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
  await nav.getByRole('button', { name: 'Account menu for Omar' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toBeVisible();
});

test('a client visiting /admin gets Page Not Found', async ({ page, loginAs }) => {
  await loginAs('client');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
