import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ageOn, isRealIsoDate, todayUtc } from '../calendar';
import {
  applicationFormSchema,
  createAccountFormSchema,
  declaredFileKind,
  documentErrors,
  fileProblem,
  idempotencyKeySchema,
  returningApplicationFormSchema,
} from './application';
import { VALID_ANSWERS } from './application.test-helpers';

const valid = { ...VALID_ANSWERS, email: 'Pat@Example.test' };

/** The messages the schema reports for one field when the others are valid. */
function messagesFor(field: string, value: unknown, schema: z.ZodType = applicationFormSchema): string[] {
  const result = schema.safeParse({ ...valid, [field]: value });
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

describe('application form schema', () => {
  it('accepts a complete application and normalises it', () => {
    const parsed = applicationFormSchema.parse({ ...valid, businessName: '  Canary Bakery LLC  ' });
    expect(parsed).toMatchObject({
      loanAmount: 75_000,
      estimatedCreditScore: 700,
      businessName: 'Canary Bakery LLC',
      email: 'pat@example.test',
      businessAddress2: null,
      additionalInfo: null,
    });
  });

  it.each([
    ['loanAmount', '', 'Loan amount is required'],
    ['loanAmount', '   ', 'Loan amount is required'],
    ['loanAmount', '9,999', 'Minimum loan amount is $10,000'],
    ['loanAmount', '5,000,001', 'Maximum loan amount is $5,000,000'],
    ['loanAmount', '12.5', 'Please enter a valid loan amount'],
    ['businessName', '   ', 'Business name is required'],
    ['ein', '', 'EIN number is required'],
    ['ein', '12-345', 'Please enter a valid EIN format (XX-XXXXXXX)'],
    ['businessAddress', '', 'Business address is required'],
    ['businessStartDate', '', 'Business start date is required'],
    ['businessStartDate', '2023-02-30', 'Please enter a valid business start date'],
    ['businessStartDate', '2999-01-01', 'Business start date cannot be in the future'],
    ['businessType', '', 'Business type is required'],
    ['businessType', 'Casino', 'Business type is required'],
    ['timeInBusiness', '', 'Time in business is required'],
    ['ownerName', ' ', 'Owner name is required'],
    ['ssn', '', 'Social Security Number is required'],
    ['ssn', '123-45-678', 'Please enter a valid SSN format (XXX-XX-XXXX)'],
    ['ssn', '123456789', 'Please enter a valid SSN format (XXX-XX-XXXX)'],
    ['email', '', 'Email is required'],
    ['email', 'pat@example', 'Please enter a valid email address'],
    ['email', `${'a'.repeat(250)}@example.test`, 'Please enter a valid email address'],
    ['phone', '', 'Phone number is required'],
    ['phone', '(555) 010-010', 'Please enter a valid phone number ((XXX) XXX-XXXX)'],
    ['dateOfBirth', '', 'Date of birth is required'],
    ['dateOfBirth', '1980-13-01', 'Please enter a valid date of birth'],
    ['dateOfBirth', todayUtc(), 'Applicants must be between 18 and 120 years old'],
    ['dateOfBirth', '1850-01-01', 'Applicants must be between 18 and 120 years old'],
    ['estimatedCreditScore', '', 'Estimated credit score is required'],
    ['estimatedCreditScore', '299', 'Credit score must be between 300 and 850'],
    ['estimatedCreditScore', '851', 'Credit score must be between 300 and 850'],
    ['monthlyRevenue', '', 'Monthly revenue is required'],
    ['additionalInfo', 'x'.repeat(5001), 'Additional information must be at most 5,000 characters'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(messagesFor(field, value)).toEqual([message]);
  });

  it('takes the loan amount with or without separators, and the boundaries themselves', () => {
    expect(messagesFor('loanAmount', '10,000')).toEqual([]);
    expect(messagesFor('loanAmount', '5000000')).toEqual([]);
    expect(messagesFor('loanAmount', 250_000)).toEqual([]);
    expect(messagesFor('estimatedCreditScore', 300)).toEqual([]);
    expect(messagesFor('estimatedCreditScore', '850')).toEqual([]);
  });

  it('reports a missing field as required, not as a type error', () => {
    const { ssn: _ssn, ...rest } = valid;
    const result = applicationFormSchema.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Social Security Number is required']);
  });

  it('refuses keys the server decides (mass assignment)', () => {
    for (const key of ['status', 'userId', 'aiApproved', 'approvedAmount', 'id']) {
      expect(applicationFormSchema.safeParse({ ...valid, [key]: 'x' }).success).toBe(false);
    }
  });

  it('lets a returning client leave SSN, EIN and birth date empty but still checks what is typed', () => {
    const parsed = returningApplicationFormSchema.parse({ ...valid, ssn: '', ein: '', dateOfBirth: '' });
    expect(parsed).toMatchObject({ ssn: null, ein: null, dateOfBirth: null });
    expect(messagesFor('ssn', '12-3', returningApplicationFormSchema)).toContain(
      'Please enter a valid SSN format (XXX-XX-XXXX)',
    );
    expect(messagesFor('ssn', '', applicationFormSchema)).toEqual(['Social Security Number is required']);
  });
});

describe('documents', () => {
  it('requires a statement, and a licence and a check from new applicants only', () => {
    expect(
      documentErrors({ bankStatements: 0, driversLicense: 0, voidedCheck: 0 }, { isExistingClient: false }),
    ).toEqual({
      bankStatements: 'At least one bank statement is required',
      driversLicense: "Driver's license is required",
      voidedCheck: 'Voided check is required',
    });
    expect(
      documentErrors({ bankStatements: 1, driversLicense: 0, voidedCheck: 0 }, { isExistingClient: true }),
    ).toEqual({});
    expect(
      documentErrors({ bankStatements: 5, driversLicense: 1, voidedCheck: 2 }, { isExistingClient: false }),
    ).toEqual({
      bankStatements: 'You can upload up to 4 bank statements',
      voidedCheck: 'Only one file is allowed',
    });
  });

  it('accepts PDF and the four image families, and refuses anything else or over 10 MB', () => {
    expect(fileProblem({ name: 'march.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(fileProblem({ name: 'check.HEIC', type: '', size: 1000 })).toBeNull();
    expect(fileProblem({ name: 'photo.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ name: 'photo.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Each file must be 10MB or smaller',
    );
    expect(fileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed',
    );
    expect(fileProblem({ name: 'statement.exe', type: 'application/pdf', size: 10 })).toBe(
      'Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed',
    );
    expect(fileProblem({ name: 'empty.pdf', type: 'application/pdf', size: 0 })).toBe('The file is empty');
    expect(declaredFileKind({ name: 'scan.png', type: 'image/png' })).toBe('png');
    expect(declaredFileKind({ name: 'scan.pdf', type: 'image/png' })).toBeNull();
  });
});

describe('create account', () => {
  const account = {
    firstName: 'Pat',
    lastName: 'Example',
    email: 'pat@example.test',
    password: 'Blue-Harbor-77',
    confirmPassword: 'Blue-Harbor-77',
    businessName: 'Canary Bakery LLC',
  };
  const messages = (values: Record<string, string>) => {
    const result = createAccountFormSchema.safeParse({ ...account, ...values });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('uses the spec messages and the platform password rules', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ firstName: ' ' })).toEqual(['First name is required']);
    expect(messages({ lastName: '' })).toEqual(['Last name is required']);
    expect(messages({ email: 'nope' })).toEqual(['Please enter a valid email address']);
    expect(messages({ password: 'short', confirmPassword: 'short' })).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(messages({ confirmPassword: 'Blue-Harbor-78' })).toEqual(['Passwords do not match']);
  });
});

describe('helpers', () => {
  it('knows real dates and ages', () => {
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2023-02-29')).toBe(false);
    expect(isRealIsoDate('2024-2-01')).toBe(false);
    expect(ageOn('2000-06-15', '2018-06-14')).toBe(17);
    expect(ageOn('2000-06-15', '2018-06-15')).toBe(18);
  });

  it('wants a UUID as Idempotency-Key', () => {
    expect(idempotencyKeySchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(idempotencyKeySchema.safeParse('retry-1').error?.issues[0]?.message).toBe('Idempotency-Key must be a UUID');
    expect(idempotencyKeySchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Idempotency-Key header is required',
    );
  });
});
