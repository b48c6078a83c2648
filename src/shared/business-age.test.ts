import { describe, expect, it } from 'vitest';
import { businessAgeAgrees, timeInBusinessFor } from './business-age';
import {
  APPLICATION_MESSAGES,
  applicationFormSchema,
  applicationSubmissionSchema,
  returningApplicationFormSchema,
  returningApplicationSubmissionSchema,
} from './schemas/application';
import { VALID_ANSWERS, yearsAgo } from './schemas/application.test-helpers';

const answers = VALID_ANSWERS;
const consents = { consentVerification: true, consentElectronicRecords: true };

describe('time in business from the start date', () => {
  it('is the option whose whole years hold the start date; the shortest option covers a younger business', () => {
    const today = '2026-06-15';
    expect(timeInBusinessFor('2026-06-15', today)).toBe('1-2 years');
    expect(timeInBusinessFor('2025-09-01', today)).toBe('1-2 years');
    expect(timeInBusinessFor('2024-06-16', today)).toBe('1-2 years');
    expect(timeInBusinessFor('2024-06-15', today)).toBe('2-5 years');
    expect(timeInBusinessFor('2021-06-16', today)).toBe('2-5 years');
    expect(timeInBusinessFor('2021-06-15', today)).toBe('5-10 years');
    expect(timeInBusinessFor('2016-06-16', today)).toBe('5-10 years');
    expect(timeInBusinessFor('2016-06-15', today)).toBe('10+ years');
    expect(timeInBusinessFor('1950-01-01', today)).toBe('10+ years');
  });

  it('means nothing for a date that is not one or is ahead', () => {
    expect(timeInBusinessFor('2023-02-30', '2026-06-15')).toBeNull();
    expect(timeInBusinessFor('2026-06-16', '2026-06-15')).toBeNull();
    expect(timeInBusinessFor('', '2026-06-15')).toBeNull();
  });

  it('agrees unless both answers are usable and say different things', () => {
    expect(businessAgeAgrees({ businessStartDate: yearsAgo(3), timeInBusiness: '2-5 years' })).toBe(true);
    expect(businessAgeAgrees({ businessStartDate: yearsAgo(3), timeInBusiness: '10+ years' })).toBe(false);
    expect(businessAgeAgrees({ businessStartDate: '', timeInBusiness: '10+ years' })).toBe(true);
    expect(businessAgeAgrees({ businessStartDate: yearsAgo(3), timeInBusiness: '' })).toBe(true);
    expect(businessAgeAgrees({})).toBe(true);
  });
});

describe('the application schemas refuse a contradiction under Time in Business', () => {
  const contradiction = { ...answers, businessStartDate: yearsAgo(1), timeInBusiness: '10+ years' };
  const timeMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).filter((issue) => issue.path[0] === 'timeInBusiness').map((issue) => issue.message);

  it.each([
    ['new applicant', applicationFormSchema, {}],
    ['returning client', returningApplicationFormSchema, {}],
    ['submission', applicationSubmissionSchema, consents],
    ['returning submission', returningApplicationSubmissionSchema, consents],
  ] as const)('%s', (_name, schema, extra) => {
    expect(schema.safeParse({ ...answers, ...extra }).success).toBe(true);
    const refused = schema.safeParse({ ...contradiction, ...extra });
    expect(refused.success).toBe(false);
    expect(timeMessages(refused)).toEqual([APPLICATION_MESSAGES.timeInBusinessMismatch]);
    expect(APPLICATION_MESSAGES.timeInBusinessMismatch).toBe('Time in business does not match the business start date');
  });

  it('says so even while another field is wrong, and adds nothing to a bad date', () => {
    const alsoBad = applicationFormSchema.safeParse({ ...contradiction, businessName: '' });
    expect(timeMessages(alsoBad)).toEqual([APPLICATION_MESSAGES.timeInBusinessMismatch]);
    const badDate = applicationFormSchema.safeParse({ ...answers, businessStartDate: '2999-01-01' });
    expect(timeMessages(badDate)).toEqual([]);
  });
});
