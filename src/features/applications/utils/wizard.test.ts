import { describe, expect, it } from 'vitest';
import {
  draftOf,
  EMPTY_VALUES,
  fieldErrorsFromText,
  firstIncompleteStep,
  parseDraft,
  resumeStep,
  schemaFor,
  splitOwnerName,
  stepSchemaFor,
  stepsFor,
  type WizardMode,
  type WizardValues,
} from './wizard';
import { initialValues } from './wizard-session';
import { APPLICATION_MESSAGES, STEP_FIELDS } from '@shared/schemas/application';
import { VALID_ANSWERS, yearsAgo } from '@shared/schemas/application.test-helpers';

const complete: WizardValues = { ...EMPTY_VALUES, ...VALID_ANSWERS, businessAddress: '100 Test Avenue' };

describe('wizard drafts', () => {
  it('never keeps SSN, EIN or birth date', () => {
    const draft = draftOf('new', 'review', complete);
    const stored = JSON.stringify(draft);
    expect(stored).not.toContain('900-12-3456');
    expect(stored).not.toContain('91-2345678');
    expect(stored).not.toContain('1980-01-15');
    expect(draft.values.businessName).toBe('Canary Bakery LLC');
  });

  it('ignores a draft of the other mode or a broken one', () => {
    const raw = JSON.stringify(draftOf('new', 'personal', complete));
    expect(parseDraft(raw, 'returning')).toBeNull();
    expect(parseDraft('{not json', 'new')).toBeNull();
    expect(
      parseDraft(JSON.stringify({ mode: 'new', step: 'personal', values: { ssn: '900-12-3456' } }), 'new')?.values,
    ).toEqual({});
  });

  it('resumes at the first step that lost answers', () => {
    const draft = parseDraft(JSON.stringify(draftOf('new', 'review', complete)), 'new')!;
    const restored = { ...EMPTY_VALUES, ...draft.values };
    // The EIN was not kept, so the business step needs it again.
    expect(resumeStep(draft, restored)).toBe('business');
    expect(firstIncompleteStep(complete, 'new')).toBe('documents');
    expect(resumeStep({ mode: 'new', step: 'loan-amount', values: {} }, complete)).toBe('loan-amount');
  });
});

describe('helpers', () => {
  it('splits the owner name at the first space', () => {
    expect(splitOwnerName('Pat Q Example')).toEqual({ firstName: 'Pat', lastName: 'Q Example' });
    expect(splitOwnerName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('reads field errors out of a 400 answer', () => {
    expect(
      fieldErrorsFromText(
        'ssn: Please enter a valid SSN format (XXX-XX-XXXX); bankStatements: Each file must be 10MB or smaller',
      ),
    ).toEqual({
      ssn: 'Please enter a valid SSN format (XXX-XX-XXXX)',
      bankStatements: 'Each file must be 10MB or smaller',
    });
  });
});

describe('stepSchemaFor', () => {
  const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.success ? [] : (result.error?.issues ?? [])).map((issue) => `${String(issue.path[0])}: ${issue.message}`);

  it('finds, per step, the very problems the whole schema finds in that step', () => {
    const answers: WizardValues[] = [
      EMPTY_VALUES,
      complete,
      { ...complete, loanAmount: '5', ein: '12', email: 'not-an-email', dateOfBirth: '2030-01-01', ssn: '1' },
      { ...complete, businessStartDate: yearsAgo(1), timeInBusiness: '10+ years' },
      { ...complete, businessName: '', businessStartDate: yearsAgo(3), timeInBusiness: '1-2 years' },
    ];
    for (const mode of ['new', 'returning'] as WizardMode[]) {
      for (const step of stepsFor(mode)) {
        const fields: readonly string[] = STEP_FIELDS[step];
        for (const values of answers) {
          const whole = issuesOf(schemaFor(mode).safeParse(values)).filter((issue) =>
            fields.includes(issue.split(':')[0]!),
          );
          const own = issuesOf(
            stepSchemaFor(mode, step).safeParse(
              Object.fromEntries(fields.map((field) => [field, values[field as keyof WizardValues]])),
            ),
          );
          expect(own, `${mode} ${step}`).toEqual(whole);
        }
      }
    }
  });
});

describe('business start date and time in business', () => {
  it('the business step names a contradiction under Time in Business', () => {
    const step = stepSchemaFor('new', 'business').safeParse({
      ...Object.fromEntries(STEP_FIELDS.business.map((field) => [field, complete[field]])),
      businessStartDate: yearsAgo(3),
      timeInBusiness: '10+ years',
    });
    expect(step.success).toBe(false);
    expect(step.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['timeInBusiness', APPLICATION_MESSAGES.timeInBusinessMismatch],
    ]);
    expect(firstIncompleteStep({ ...complete, timeInBusiness: '1-2 years' }, 'new')).toBe('business');
  });

  it("a returning client's hidden answers take the option their start date means today", () => {
    const values = initialValues({
      success: true,
      data: {
        user: { firstName: 'Pat', lastName: 'Example', email: 'pat@example.test', businessName: 'Canary Bakery LLC' },
        lastApplication: {
          loanAmount: 50_000,
          businessName: 'Canary Bakery LLC',
          ein: '**-***5678',
          businessAddress: '100 Test Avenue',
          businessAddress2: '',
          // Chosen when the business was younger: the option moved on since.
          businessStartDate: yearsAgo(6),
          businessType: 'Restaurant',
          timeInBusiness: '2-5 years',
          ownerName: 'Pat Example',
          ssn: '***-**-3456',
          email: 'pat@example.test',
          phone: '(555) 010-0100',
          estimatedCreditScore: 700,
          monthlyRevenue: '$50,000 - $100,000',
          additionalInfo: '',
        },
      },
    });
    expect(values.timeInBusiness).toBe('5-10 years');
    // So the submission, which the client cannot correct on a step they do not see, passes.
    expect(schemaFor('returning').safeParse({ ...values, loanAmount: '50,000' }).success).toBe(true);
  });
});
