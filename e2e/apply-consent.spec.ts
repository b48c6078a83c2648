import { expectNoSeriousAxeViolations } from './axe';
import { expectStep, fillAnswers, newApplicant, next, uploadAllDocuments } from './apply-helpers';
import { db, expect, test } from './fixtures';

// The Review step asks for the authorisations, unticked; nothing is sent until both are given.

test('the review step requires both authorisations before it submits', async ({ page }) => {
  const applicant = newApplicant();
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/loan-application-enhanced')) posts += 1;
  });
  await page.goto('/apply');
  await fillAnswers(page, applicant);
  await uploadAllDocuments(page);
  await next(page);
  await expectStep(page, 'Review Application');

  const verification = page.getByRole('checkbox', { name: /soft credit inquiry/ });
  const records = page.getByRole('checkbox', { name: /sign them electronically/ });
  await expect(verification).not.toBeChecked();
  await expect(records).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Read the E-Sign Consent' })).toHaveAttribute('href', '/e-sign-consent');
  await expect(page.getByRole('link', { name: 'Read our Privacy Notice' })).toHaveAttribute('href', '/privacy');

  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Please authorise verification and a soft credit inquiry to continue')).toBeVisible();
  await expect(page.getByText('Please consent to electronic records and signatures to continue')).toBeVisible();
  await expect(verification).toBeFocused();
  await expectStep(page, 'Review Application');
  await expectNoSeriousAxeViolations(page);

  await page.getByText('I authorise the lender and its service providers to verify').click();
  await expect(page.getByText('Please authorise verification and a soft credit inquiry to continue')).toBeHidden();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Please consent to electronic records and signatures to continue')).toBeVisible();
  expect(posts).toBe(0);

  await page.getByText('I consent to receive disclosures, agreements and other records electronically').click();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expectStep(page, 'Instant Decision');
  expect(posts).toBe(1);
  const [rows] = await db().query(
    'SELECT c.version, c.verification, c.electronic_records FROM application_consents c JOIN applications a ON a.id = c.application_id WHERE a.email = ?',
    [applicant.email],
  );
  expect(rows).toEqual([{ version: expect.any(String), verification: 1, electronic_records: 1 }]);
});
