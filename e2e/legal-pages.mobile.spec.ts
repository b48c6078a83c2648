import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';

// The legal pages on a phone: reached from the footer, no sideways scrolling, axe clean.

for (const legal of [
  { link: 'Privacy Notice', heading: 'Privacy Notice' },
  { link: 'E-Sign Consent', heading: 'Consent to Electronic Records and Signatures' },
  { link: 'Licensing and Disclosures', heading: 'Licensing and Disclosures' },
  { link: 'Terms of Use', heading: 'Terms of Use' },
]) {
  test(`${legal.link} fits a phone`, async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: legal.link, exact: true });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });
}
