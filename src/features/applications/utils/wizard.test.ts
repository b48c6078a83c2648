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
import { STEP_FIELDS } from '@shared/schemas/application';

const complete: WizardValues = {
  ...EMPTY_VALUES,
  loanAmount: '75,000',
  businessName: 'Canary Bakery LLC',
  ein: '91-2345678',
  businessAddress: '100 Test Avenue',
  businessStartDate: '2017-04-01',
  businessType: 'Restaurant',
  timeInBusiness: '5-10 years',
  ownerName: 'Pat Example',
  ssn: '900-12-3456',
  email: 'pat@example.test',
  phone: '(555) 010-0100',
  dateOfBirth: '1980-01-15',
  estimatedCreditScore: '700',
  monthlyRevenue: '$50,000 - $100,000',
};

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
