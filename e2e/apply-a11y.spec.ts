import { a11yViolations } from './axe';
import {
  agreeToConsents,
  expectFormReady,
  expectStep,
  fillAnswers,
  newApplicant,
  next,
  uploadAllDocuments,
} from './apply-helpers';
import { expect, test } from './fixtures';

// docs/security.md O1 and O2 on the wizard: every step, its error state, the decision and the account step pass axe
// (WCAG 2.2 AA, no serious or critical findings), and each error is tied to its field.

test('every wizard step and its errors pass axe', async ({ page }) => {
  const applicant = newApplicant();
  await page.goto('/apply');
  await expectStep(page, 'Loan Amount');
  await expectFormReady(page);
  const findings: string[] = [];
  const check = async (where: string) => {
    for (const finding of await a11yViolations(page)) findings.push(`${where}: ${finding}`);
  };
  await check('loan amount');
  await next(page);
  await expect(page.getByLabel('Loan Amount')).toHaveAttribute('aria-invalid', 'true');
  await check('loan amount errors');
  await page.getByLabel('Loan Amount').fill(applicant.loanAmount);
  await next(page);

  await expectStep(page, 'Business Information');
  await next(page);
  await expect(page.getByLabel('Business Name')).toHaveAttribute('aria-invalid', 'true');
  // O2: the message is announced with the field.
  const describedBy = await page.getByLabel('Business Name').getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  await check('business information errors');
  await page.getByRole('button', { name: 'Previous' }).click();

  await fillAnswers(page, applicant);
  await check('upload documents');
  await uploadAllDocuments(page);
  await check('upload documents with files');
  await next(page);
  await expectStep(page, 'Review Application');
  await check('review');
  await agreeToConsents(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expectStep(page, 'Instant Decision');
  await check('decision');
  expect(findings).toEqual([]);
});

// The next step is kept rendered (laid out, but hidden) so that Next only shows it. Until then it must be out
// of sight, of the tab order and of the accessibility tree, and so must the steps already done.
test('the steps kept ready for Next are out of sight, of the tab order and of the accessibility tree', async ({
  page,
}) => {
  const applicant = newApplicant();
  await page.goto('/apply');
  await expectStep(page, 'Loan Amount');
  await expectFormReady(page);
  await page.getByLabel('Loan Amount').fill(applicant.loanAmount);
  await next(page);
  await expectStep(page, 'Business Information');

  // The Personal Information step is there, ready, and hidden; so is the Loan Amount step.
  const ownerName = page.getByLabel('Owner Name');
  await expect(ownerName).toBeAttached();
  await expect(ownerName).toBeHidden();
  await expect(page.getByLabel('Loan Amount')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Owner Name' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Loan Amount' })).toHaveCount(0);
  const snapshot = await page.locator('form').ariaSnapshot();
  expect(snapshot).toContain('Business Name');
  expect(snapshot).not.toContain('Owner Name');

  // From the step's last field the keyboard goes on to the buttons, not into the hidden step.
  await page.getByLabel('Time in Business').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeFocused();
});
