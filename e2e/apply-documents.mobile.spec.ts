import { a11yViolations } from './axe';
import { fillAnswers, newApplicant, photoFile } from './apply-helpers';
import { expect, test } from './fixtures';

// The upload boxes on a 390 px phone: full width, equal, the chosen file and its buttons inside the screen.
test.use({ viewport: { width: 390, height: 844 } });

test('upload boxes fit a phone and show the chosen file with its buttons', async ({ page }) => {
  await page.goto('/apply');
  await fillAnswers(page, newApplicant());
  await page.getByLabel("Driver's License").setInputFiles([photoFile('license.png')]);
  const licence = page.getByTestId('dropzone-driversLicense');
  await expect(licence.getByRole('img', { name: 'Preview of license.png' })).toBeVisible();

  const widths = await Promise.all(
    ['bankStatements', 'driversLicense', 'voidedCheck'].map(
      async (field) => (await page.getByTestId(`dropzone-${field}`).boundingBox())!.width,
    ),
  );
  for (const width of widths) expect(Math.abs(width - widths[0]!)).toBeLessThanOrEqual(1);
  for (const name of ['Replace license.png', 'Remove license.png']) {
    const button = (await licence.getByRole('button', { name }).boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(390);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await a11yViolations(page)).toEqual([]);

  await licence.getByRole('button', { name: 'Remove license.png' }).tap();
  await expect(licence.getByText('Drag and drop, or click to choose')).toBeVisible();
});
