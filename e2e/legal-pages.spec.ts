import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';

// The privacy notice, terms, e-sign consent and licensing pages: reachable from every page's footer, prerendered,
// built from the lender configuration (the fictional demo lender in these runs).

const PAGES = [
  { link: 'Privacy Notice', path: '/privacy', heading: 'Privacy Notice', section: 'How long we keep it' },
  { link: 'Terms of Use', path: '/terms', heading: 'Terms of Use', section: 'Commercial financing only' },
  {
    link: 'E-Sign Consent',
    path: '/e-sign-consent',
    heading: 'Consent to Electronic Records and Signatures',
    section: 'Withdrawing your consent',
  },
  {
    link: 'Licensing and Disclosures',
    path: '/licensing',
    heading: 'Licensing and Disclosures',
    section: 'Commercial financing, not consumer loans',
  },
];

for (const legal of PAGES) {
  test(`${legal.link} opens from the footer and passes axe`, async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: legal.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: legal.section })).toBeVisible();
    await expect(page.getByRole('main').getByText('Summit Funding Demo LLC').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

test('the legal pages are prerendered with the lender details in their HTML', async ({ request }) => {
  for (const legal of PAGES) {
    const response = await request.get(legal.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`data-prerendered="${legal.path}"`);
    expect(html).toContain('(800) 555-0142');
  }
});

test('the footer names the lender and says the financing is commercial', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Summit Funding is a brand of Summit Funding Demo LLC');
  await expect(footer).toContainText('not consumer loans');
});

test('an unknown page answers 404 with the Page Not Found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Legal' })).toBeVisible();
  expect((await page.request.get('/dashboard')).status()).toBe(200);
});
