import type { Locator, Page } from '@playwright/test';
import { a11yViolations } from './axe';
import { expectStep, fillAnswers, newApplicant, next, photoFile, statementFile, yearsAgo } from './apply-helpers';
import { expect, test } from './fixtures';

// The documents step's upload boxes, and the business step's start date and time in business (docs/product.md 3).

const FIELDS = ['bankStatements', 'driversLicense', 'voidedCheck'] as const;

async function sizes(page: Page) {
  return Promise.all(FIELDS.map(async (field) => (await page.getByTestId(`dropzone-${field}`).boundingBox())!));
}

/** Whether the page can still draw an object URL (a revoked one no longer loads; CSP allows blob: images only). */
async function isReadable(page: Page, url: string) {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(true);
        image.onerror = () => resolve(false);
        image.src = src;
      }),
    url,
  );
}

async function thumbnailOf(box: Locator, name: string) {
  const image = box.getByRole('img', { name: `Preview of ${name}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  return (await image.getAttribute('src'))!;
}

test.describe('upload boxes', () => {
  test('are full width and equal; a one-file box shows its file, replaces and removes it', async ({ page }) => {
    await page.goto('/apply');
    await fillAnswers(page, newApplicant());

    const empty = await sizes(page);
    const form = (await page.getByTestId('dropzone-bankStatements').locator('xpath=../..').boundingBox())!;
    for (const box of empty) {
      expect(Math.abs(box.width - empty[0]!.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.height - empty[0]!.height)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.width - form.width)).toBeLessThanOrEqual(1);
    }

    const licence = page.getByTestId('dropzone-driversLicense');
    await page.getByLabel("Driver's License").setInputFiles([photoFile('license.png')]);
    await expect(licence.getByText('license.png')).toBeVisible();
    await expect(licence.getByText(/^\d+(\.\d+)? (B|KB)$/)).toBeVisible();
    await expect(licence.getByText('Drag and drop, or click to choose')).toHaveCount(0);
    const first = await thumbnailOf(licence, 'license.png');
    expect(first).toMatch(/^blob:/);
    // The screen reader hears what the box holds when it reaches the file input.
    await expect(page.getByLabel("Driver's License")).toHaveAccessibleDescription(/license\.png/);
    // A PDF has no thumbnail; its box shows the name the same way.
    await page.getByLabel('Voided Check').setInputFiles([await statementFile('check.pdf')]);
    await expect(page.getByTestId('dropzone-voidedCheck').getByText('check.pdf')).toBeVisible();
    await expect(page.getByTestId('dropzone-voidedCheck').getByRole('img')).toHaveCount(0);
    const chosen = await sizes(page);
    for (const box of chosen) expect(Math.abs(box.width - chosen[0]!.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(chosen[1]!.height - chosen[0]!.height)).toBeLessThanOrEqual(1);
    expect(await a11yViolations(page)).toEqual([]);

    // Replace: the file chooser opens from the button; the old thumbnail's object URL is released.
    const chooser = page.waitForEvent('filechooser');
    await licence.getByRole('button', { name: 'Replace license.png' }).click();
    await (await chooser).setFiles([photoFile('license-back.png')]);
    await expect(licence.getByText('license-back.png')).toBeVisible();
    await expect(licence.getByText('license.png', { exact: true })).toHaveCount(0);
    const second = await thumbnailOf(licence, 'license-back.png');
    expect(second).not.toBe(first);
    expect(await isReadable(page, second)).toBe(true);
    expect(await isReadable(page, first)).toBe(false);

    // Remove: back to the empty drop zone, the keyboard on the field's input, the URL released.
    await licence.getByRole('button', { name: 'Remove license-back.png' }).click();
    await expect(licence.getByText('Drag and drop, or click to choose')).toBeVisible();
    await expect(page.getByLabel("Driver's License")).toBeFocused();
    expect(await isReadable(page, second)).toBe(false);
    await next(page);
    await expect(page.getByText("Driver's license is required")).toBeVisible();
  });
});

test.describe('business start date and time in business', () => {
  test('the start date fills in the time in business, and a contradiction is named under it', async ({ page }) => {
    await page.goto('/apply');
    await expectStep(page, 'Loan Amount');
    await page.getByLabel('Loan Amount').fill('75000');
    await next(page);
    await expectStep(page, 'Business Information');
    const options = await page.getByLabel('Time in Business').locator('option').allTextContents();
    expect(options).toEqual(['Select time in business', '1-2 years', '2-5 years', '5-10 years', '10+ years']);

    await page.getByLabel('Business Start Date').fill(yearsAgo(3));
    await expect(page.getByLabel('Time in Business')).toHaveValue('2-5 years');
    await page.getByLabel('Business Start Date').fill(yearsAgo(12));
    await expect(page.getByLabel('Time in Business')).toHaveValue('10+ years');

    await page.getByLabel('Time in Business').selectOption('1-2 years');
    await next(page);
    await expect(page.getByText('Time in business does not match the business start date')).toBeVisible();
    await expect(page.getByLabel('Time in Business')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Time in Business').selectOption('10+ years');
    await expect(page.getByText('Time in business does not match the business start date')).toHaveCount(0);
  });
});
