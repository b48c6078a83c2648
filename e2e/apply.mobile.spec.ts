import { agreeToConsents, expectStep, fillAnswers, newApplicant, next, uploadAllDocuments } from './apply-helpers';
import { db, expect, test } from './fixtures';

test('a new applicant completes the wizard on a phone and reaches the decision', async ({ page }) => {
  const applicant = newApplicant();
  await page.goto('/apply');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await fillAnswers(page, applicant);
  await uploadAllDocuments(page);
  await next(page);
  await expectStep(page, 'Review Application');
  await expect(page.getByText(`***-**-${applicant.ssn.slice(-4)}`)).toBeVisible();
  // Nothing on the review overflows the phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await agreeToConsents(page);
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await submit.scrollIntoViewIfNeeded();
  await submit.tap();
  await expectStep(page, 'Analyzing Your Application');
  await expectStep(page, 'Instant Decision');
  const accept = page.getByRole('button', { name: 'Accept Pre-Approval' });
  const proceed = (await accept.isVisible()) ? accept : page.getByRole('button', { name: 'Continue' });
  await proceed.tap();
  await expectStep(page, 'Application Submitted');
  await expect(page.getByRole('button', { name: 'Create Account to Track Application' })).toBeVisible();
  const [rows] = await db().query('SELECT id FROM applications WHERE email = ?', [applicant.email]);
  expect(rows).toHaveLength(1);
});
