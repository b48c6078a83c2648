import {
  agreeToConsents,
  applyThroughWizard,
  expectStep,
  fillAnswers,
  newApplicant,
  next,
  photoFile,
  statementFile,
  submitOverApi,
  uploadAllDocuments,
  yearsAgo,
} from './apply-helpers';
import { db, expect, latestMailTo, test } from './fixtures';

type Row = Record<string, unknown>;
async function applicationsFor(email: string): Promise<Row[]> {
  const [rows] = await db().query('SELECT * FROM applications WHERE email = ? ORDER BY created_at', [email]);
  return rows as Row[];
}

test.describe('apply as a new applicant', () => {
  test('completes every step, gets the decision and creates an account', async ({ page }) => {
    const applicant = newApplicant();
    await page.goto('/apply');
    await expect(page.getByRole('heading', { name: 'Apply Below', level: 1 })).toBeVisible();
    await expect(page.getByText('Step 1 of 6')).toBeVisible();
    await expect(page.getByText('17% complete')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Application progress: 17% complete' })).toHaveAttribute(
      'aria-valuenow',
      '17',
    );
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByTestId('apply-disclaimer')).toBeVisible();
    await expect(page.getByTestId('apply-trust')).toBeVisible();

    await page.getByLabel('Loan Amount').fill('2500000');
    await expect(page.getByLabel('Loan Amount')).toHaveValue('2,500,000');
    await page.getByLabel('Loan Amount').fill(applicant.loanAmount);
    await expect(page.getByLabel('Loan Amount')).toHaveValue('75,000');
    await next(page);
    await expect(page.getByText('Step 2 of 6')).toBeVisible();
    await expect(page.getByText('33% complete')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Application progress: 33% complete' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    // The new step's heading takes the focus (once painted), so a screen reader announces it.
    await expect(page.getByRole('heading', { name: 'Business Information' })).toBeFocused();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByLabel('Loan Amount')).toHaveValue('75,000');

    await fillAnswers(page, applicant);
    await expect(page.getByText('Step 5 of 6')).toBeVisible();
    await expect(page.getByTestId('apply-disclaimer')).toBeHidden();
    await uploadAllDocuments(page);
    await expect(page.getByText('statement-march.pdf')).toBeVisible();
    await expect(page.getByText(/^\d+(\.\d+)? KB$/).first()).toBeVisible();
    await page.getByLabel('Voided Check').setInputFiles([photoFile('check-2.png')]);
    await page.getByRole('button', { name: 'Remove check-2.png' }).click();
    await next(page);
    await expect(page.getByText('Voided check is required')).toBeVisible();
    await page.getByLabel('Voided Check').setInputFiles([photoFile('check.png')]);
    await next(page);

    await expectStep(page, 'Review Application');
    await expect(page.getByText('Step 6 of 6')).toBeVisible();
    await expect(page.getByText('100% complete')).toBeVisible();
    await expect(page.getByText(`***-**-${applicant.ssn.slice(-4)}`)).toBeVisible();
    await expect(page.getByText(applicant.ssn.slice(0, 5))).toHaveCount(0);
    await expect(page.getByText('$75,000')).toBeVisible();
    await expect(page.getByTestId('apply-disclaimer')).toBeHidden();
    await agreeToConsents(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expectStep(page, 'Analyzing Your Application');
    await expect(page.getByText('Step 1 of 6')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();
    await expectStep(page, 'Instant Decision');
    await expect(page.getByText('AI Underwriting Result')).toBeVisible();
    await expect(page.getByText('Bank Statement Insights')).toBeVisible();
    await expect(page.getByText('Risk Assessment')).toBeVisible();
    await expect(page.getByText(/AI confidence: \d+%/)).toBeVisible();
    await expect.poll(() => latestMailTo(applicant.email)).toContain(applicant.businessName);
    const accept = page.getByRole('button', { name: 'Accept Pre-Approval' });
    const proceed = (await accept.isVisible()) ? accept : page.getByRole('button', { name: 'Continue' });
    await proceed.click();

    await expectStep(page, 'Application Submitted');
    await expect(page.getByText(/Our team will contact you within 24 hours/)).toBeVisible();
    await expect(page.getByTestId('apply-trust')).toBeHidden();
    await page.getByRole('button', { name: 'Create Account to Track Application' }).click();

    await expectStep(page, 'Create Account');
    await expect(page.getByLabel('First Name')).toHaveValue('Jordan');
    await expect(page.getByLabel('Last Name')).toHaveValue('Applicant');
    await expect(page.getByLabel('Email')).toHaveValue(applicant.email);
    await expect(page.getByLabel('Business Name')).toHaveValue(applicant.businessName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await expect(page.getByText('At least 8 characters (not met)')).toBeAttached();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Maple-Orbit-93');
    await expect(page.getByText('At least 8 characters (met)')).toBeAttached();
    await page.getByLabel('Confirm Password').fill('Maple-Orbit-94');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Maple-Orbit-93');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Your account has been created successfully!')).toBeVisible();
    await expectStep(page, 'Account Created');
    await expect(page.getByRole('link', { name: 'Go to Client Portal' })).toHaveAttribute('href', '/client-portal');
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();

    const rows = await applicationsFor(applicant.email);
    expect(rows).toHaveLength(1);
    const [users] = await db().query('SELECT id FROM users WHERE email = ?', [applicant.email]);
    expect(rows[0]!.user_id).toBe((users as Row[])[0]!.id);
    expect(JSON.stringify(rows[0])).not.toContain(applicant.ssn.slice(0, 5));
    expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(applicant.ssn.slice(-4));
  });

  test('shows every validation message beneath its field', async ({ page }) => {
    await page.goto('/apply');
    const loan = page.getByLabel('Loan Amount');
    await next(page);
    await expect(page.getByText('Loan amount is required')).toBeVisible();
    await expect(loan).toBeFocused();
    const describedBy = await loan.getAttribute('aria-describedby');
    expect(describedBy).toContain('apply-loanAmount-error');
    await expect(page.locator(`[id="apply-loanAmount-error"]`)).toHaveText('Loan amount is required');
    await loan.fill('9999');
    await expect(page.getByText('Loan amount is required')).toBeHidden();
    await next(page);
    await expect(page.getByText('Minimum loan amount is $10,000')).toBeVisible();
    await loan.fill('5000001');
    await next(page);
    await expect(page.getByText('Maximum loan amount is $5,000,000')).toBeVisible();
    await loan.fill('abc');
    await expect(loan).toHaveValue('');
    await loan.fill('50000');
    await next(page);

    await expectStep(page, 'Business Information');
    await next(page);
    for (const message of [
      'Business name is required',
      'EIN number is required',
      'Business address is required',
      'Business start date is required',
      'Business type is required',
      'Time in business is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Business Name')).toBeFocused();
    await page.getByLabel('Business Name').fill('   ');
    await expect(page.getByText('Business name is required')).toBeHidden();
    await page.getByLabel('EIN Number').fill('91-23x45');
    await expect(page.getByLabel('EIN Number')).toHaveValue('91-2345');
    await next(page);
    await expect(page.getByText('Business name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid EIN format (XX-XXXXXXX)')).toBeVisible();
    await page.getByLabel('Business Name').fill('Validation Bakery');
    await page.getByLabel('EIN Number').fill('912345678');
    await page.getByLabel('Business Address').fill('1 Test Way, Springfield, IL');
    await page.getByLabel('Business Start Date').fill(yearsAgo(8));
    await page.getByLabel('Business Type').selectOption('Retail');
    await page.getByLabel('Time in Business').selectOption('5-10 years');
    await next(page);

    await expectStep(page, 'Personal Information');
    await next(page);
    for (const message of [
      'Owner name is required',
      'Social Security Number is required',
      'Email is required',
      'Phone number is required',
      'Date of birth is required',
      'Estimated credit score is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Social Security Number').fill('900-12');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone Number').fill('555a0100100999');
    await expect(page.getByLabel('Phone Number')).toHaveValue('(555) 010-0100');
    await next(page);
    await expect(page.getByText('Please enter a valid SSN format (XXX-XX-XXXX)')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Social Security Number').fill('900123456');
    await expect(page.getByLabel('Social Security Number')).toHaveValue('900-12-3456');
    await page.getByLabel('Owner Name').fill('Val Idation');
    await page.getByLabel('Email').fill('valid@example.test');
    await page.getByLabel('Date of Birth').fill('1975-05-05');
    await page.getByLabel('Estimated Credit Score').selectOption('650');
    await next(page);

    await expectStep(page, 'Financial Information');
    await next(page);
    await expect(page.getByText('Monthly revenue is required')).toBeVisible();
    await page.getByLabel('Monthly Revenue').selectOption('$20,000 - $50,000');
    await next(page);

    await expectStep(page, 'Upload Documents');
    await next(page);
    await expect(page.getByText('At least one bank statement is required')).toBeVisible();
    await expect(page.getByText("Driver's license is required")).toBeVisible();
    await expect(page.getByText('Voided check is required')).toBeVisible();
    await expect(page.getByLabel('Bank Statements')).toBeFocused();
    await page
      .getByLabel('Bank Statements')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect(
      page.getByText('notes.txt: Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed'),
    ).toBeVisible();
    const five = await Promise.all([1, 2, 3, 4, 5].map((index) => statementFile(`statement-${index}.pdf`)));
    await page.getByLabel('Bank Statements').setInputFiles(five);
    await expect(page.getByText('statement-4.pdf')).toBeVisible();
    await expect(page.getByText('statement-5.pdf')).toHaveCount(0);
    await expect(page.getByText(/You can upload up to 4 bank statements/)).toBeVisible();

    // Drag and drop works as well as clicking.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['%PDF-1.4 dropped'], 'dropped-check.pdf', { type: 'application/pdf' }));
      return transfer;
    });
    await page.getByTestId('dropzone-voidedCheck').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(page.getByText('dropped-check.pdf')).toBeVisible();
    await expect(page.getByText('Voided check is required')).toBeHidden();
  });

  test('keeps typed answers over a reload, but never the SSN, EIN or birth date', async ({ page }) => {
    const applicant = newApplicant();
    await page.goto('/apply');
    await fillAnswers(page, applicant);
    await page.reload();
    // The EIN was not kept, so the wizard resumes where it is needed again.
    await expectStep(page, 'Business Information');
    await expect(page.getByLabel('Business Name')).toHaveValue(applicant.businessName);
    await expect(page.getByLabel('EIN Number')).toHaveValue('');
    const stored = await page.evaluate(() => JSON.stringify(window.sessionStorage));
    expect(stored).toContain(applicant.businessName);
    expect(stored).not.toContain(applicant.ssn.slice(3));
    expect(stored).not.toContain(applicant.ein.slice(2));
    expect(stored).not.toContain(applicant.dateOfBirth);
    await page.getByLabel('EIN Number').fill(applicant.ein);
    await next(page);
    await expect(page.getByLabel('Owner Name')).toHaveValue(applicant.ownerName);
    await expect(page.getByLabel('Social Security Number')).toHaveValue('');
  });
});

test.describe('submission failures', () => {
  test('returns to Review with the error, and the retry reuses the key without a second application', async ({
    page,
  }) => {
    const applicant = newApplicant();
    const keys: string[] = [];
    let attempts = 0;
    await page.route('**/api/loan-application-enhanced', async (route) => {
      attempts += 1;
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (attempts === 1) {
        // The server stores the application, but its answer is lost on the way back.
        await route.fetch();
        await route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' });
        return;
      }
      await route.continue();
    });
    await applyThroughWizard(page, applicant);
    await expectStep(page, 'Analyzing Your Application');
    await expect(page.getByText('502: Bad Gateway').first()).toBeVisible();
    await expectStep(page, 'Review Application');
    await expect(page.getByText('Your application was not submitted')).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expectStep(page, 'Instant Decision');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await applicationsFor(applicant.email)).toHaveLength(1);
  });

  test('shows the fallback message when the network fails', async ({ page }) => {
    const applicant = newApplicant();
    await page.route('**/api/loan-application-enhanced', (route) => route.abort('connectionreset'));
    await applyThroughWizard(page, applicant);
    await expect(page.getByText('Failed to submit application. Please try again.').first()).toBeVisible();
    await expectStep(page, 'Review Application');
    expect(await applicationsFor(applicant.email)).toHaveLength(0);
  });
});

test.describe('apply as a returning client', () => {
  test('is welcomed on Upload Documents with the last application prefilled', async ({ page, loginAs }) => {
    const client = await loginAs('client', { firstName: 'Riley' });
    const applicant = { ...newApplicant(), email: client.email };
    await submitOverApi(page, applicant);

    await page.goto('/apply');
    await expect(
      page
        .getByText(
          "We've pre-filled your information from your previous application. Please upload your latest bank statements.",
        )
        .first(),
    ).toBeVisible();
    await expectStep(page, 'Upload Documents');
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByText('67% complete')).toBeVisible();
    await expect(page.getByLabel("Driver's License")).toHaveCount(0);
    await page.getByLabel('Bank Statements').setInputFiles([await statementFile('statement-april.pdf')]);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectStep(page, 'Loan Amount');
    await expect(page.getByLabel('Loan Amount')).toHaveValue('');
    await page.getByLabel('Loan Amount').fill('40000');
    await next(page);
    await expect(page.getByText('statement-april.pdf')).toBeVisible();
    await next(page);

    await expectStep(page, 'Review Application');
    await expect(page.getByText(applicant.businessName)).toBeVisible();
    await expect(page.getByText(`***-**-${applicant.ssn.slice(-4)}`)).toBeVisible();
    await agreeToConsents(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectStep(page, 'Instant Decision');
    const accept = page.getByRole('button', { name: 'Accept Pre-Approval' });
    const proceed = (await accept.isVisible()) ? accept : page.getByRole('button', { name: 'Continue' });
    await proceed.click();
    await expectStep(page, 'Application Submitted');
    await expect(page.getByRole('link', { name: 'Go to Client Portal' })).toBeVisible();

    const rows = await applicationsFor(client.email);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => Number(row.is_existing_client))).toEqual([0, 1]);
    expect(rows.every((row) => row.user_id === client.id)).toBe(true);
    expect(rows[1]!.ssn_last4).toBe(applicant.ssn.slice(-4));
  });
});
