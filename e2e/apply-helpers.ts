import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { noisePng } from '../server/test/statements/bad-files';
import { buildLedger } from '../server/test/statements/ledger';
import { renderStatementPdf } from '../server/test/statements/render';
import { yearsAgo } from '../src/shared/schemas/application.test-helpers';
import { E2E_BASE_URL, expect, uniqueEmail } from './fixtures';

export { yearsAgo };

// Synthetic applicants and files for the /apply specs (SSNs and EINs start with 9, emails are example.test).

export type Applicant = {
  loanAmount: string;
  businessName: string;
  ein: string;
  businessAddress: string;
  businessStartDate: string;
  businessType: string;
  timeInBusiness: string;
  ownerName: string;
  ssn: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  estimatedCreditScore: string;
  monthlyRevenue: string;
};

export function newApplicant(): Applicant {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return {
    loanAmount: '75000',
    businessName: `Canary Cafe ${randomUUID().slice(0, 6)} LLC`,
    ein: `9${digits}`,
    businessAddress: '100 Test Avenue, Springfield, IL 62701',
    businessStartDate: yearsAgo(7),
    businessType: 'Restaurant',
    timeInBusiness: '5-10 years',
    ownerName: 'Jordan Applicant',
    ssn: `9${digits}`,
    email: uniqueEmail('apply'),
    phone: '5550100100',
    dateOfBirth: '1980-01-15',
    estimatedCreditScore: '700',
    monthlyRevenue: '$50,000 - $100,000',
  };
}

let statement: Promise<Buffer> | undefined;
/** A real four-month text bank statement (the underwriting tests' generator). */
export function statementPdf(): Promise<Buffer> {
  statement ??= renderStatementPdf(
    buildLedger({ seed: 11, firstMonth: '2025-10', months: 4, revenuePerMonthCents: 70_000_00 }),
    { layout: 'signed-amount' },
  );
  return statement;
}

export async function statementFile(name = 'statement-march.pdf') {
  return { name, mimeType: 'application/pdf', buffer: await statementPdf() };
}

export function photoFile(name: string) {
  return { name, mimeType: 'image/png', buffer: noisePng(64, 48, 5) };
}

export async function expectStep(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/**
 * The form takes input: hydrated, its fieldset enabled, and Next at full opacity (the disabled look fades out over
 * Chakra's transition, and axe measures the colour contrast of the moment).
 */
export async function expectFormReady(page: Page) {
  const nextButton = page.getByRole('button', { name: 'Next', exact: true });
  await expect(nextButton).toBeEnabled();
  await expect(nextButton).toHaveCSS('opacity', '1');
}

export async function next(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Fills the four answer steps of a new applicant and stops on Upload Documents. */
export async function fillAnswers(page: Page, applicant: Applicant) {
  await expectStep(page, 'Loan Amount');
  await page.getByLabel('Loan Amount').fill(applicant.loanAmount);
  await next(page);

  await expectStep(page, 'Business Information');
  await page.getByLabel('Business Name').fill(applicant.businessName);
  await page.getByLabel('EIN Number').fill(applicant.ein);
  await page.getByLabel('Business Address').fill(applicant.businessAddress);
  await page.getByLabel('Business Start Date').fill(applicant.businessStartDate);
  await page.getByLabel('Business Type').selectOption(applicant.businessType);
  await page.getByLabel('Time in Business').selectOption(applicant.timeInBusiness);
  await next(page);

  await expectStep(page, 'Personal Information');
  await page.getByLabel('Owner Name').fill(applicant.ownerName);
  await page.getByLabel('Social Security Number').fill(applicant.ssn);
  await page.getByLabel('Email').fill(applicant.email);
  await page.getByLabel('Phone Number').fill(applicant.phone);
  await page.getByLabel('Date of Birth').fill(applicant.dateOfBirth);
  await page.getByLabel('Estimated Credit Score').selectOption(applicant.estimatedCreditScore);
  await next(page);

  await expectStep(page, 'Financial Information');
  await page.getByLabel('Monthly Revenue').selectOption(applicant.monthlyRevenue);
  await next(page);
  await expectStep(page, 'Upload Documents');
}

export async function uploadAllDocuments(page: Page) {
  await page.getByLabel('Bank Statements').setInputFiles([await statementFile()]);
  await page.getByLabel("Driver's License").setInputFiles([photoFile('license.png')]);
  await page.getByLabel('Voided Check').setInputFiles([photoFile('check.png')]);
}

/** Submits an application over HTTP from the page's browser context (its cookies), as the wizard would. */
export async function submitOverApi(page: Page, applicant: Applicant, opts: { withIdentityDocuments?: boolean } = {}) {
  const formData = {
    ...applicant,
    loanAmount: '60,000',
    ein: `${applicant.ein.slice(0, 2)}-${applicant.ein.slice(2)}`,
    ssn: `${applicant.ssn.slice(0, 3)}-${applicant.ssn.slice(3, 5)}-${applicant.ssn.slice(5)}`,
    phone: '(555) 010-0100',
    businessAddress2: '',
    additionalInfo: '',
    consentVerification: true,
    consentElectronicRecords: true,
    isExistingClient: false,
  };
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    formData: JSON.stringify(formData),
    bankStatements: await statementFile(),
  };
  if (opts.withIdentityDocuments !== false) {
    multipart.driversLicense = photoFile('license.png');
    multipart.voidedCheck = photoFile('check.png');
  }
  const response = await page.request.post('/api/loan-application-enhanced', {
    multipart,
    headers: { Origin: E2E_BASE_URL, 'Idempotency-Key': randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The whole wizard as a new applicant goes through it: answers, documents, the consents, Submit Application. */
export async function applyThroughWizard(page: Page, applicant: Applicant) {
  await page.goto('/apply');
  await fillAnswers(page, applicant);
  await uploadAllDocuments(page);
  await next(page);
  await expectStep(page, 'Review Application');
  await agreeToConsents(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
}

/** Ticks the Review step's two authorisations (both required to submit). */
export async function agreeToConsents(page: Page) {
  await page.getByText('I authorise the lender and its service providers to verify').click();
  await page.getByText('I consent to receive disclosures, agreements and other records electronically').click();
  await expect(page.getByRole('checkbox', { name: /soft credit inquiry/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /sign them electronically/ })).toBeChecked();
}
