import { describe, expect, it } from 'vitest';
import { applicationTimeline } from './timeline';

const submittedDate = new Date('2026-11-02T15:00:00Z');
const decidedAt = new Date('2026-11-03T09:00:00Z');
const fundedAt = new Date('2026-11-05T12:00:00Z');
const view = (steps: ReturnType<typeof applicationTimeline>) =>
  steps.map((step) => [step.label, step.state, step.date]);

describe('application timeline', () => {
  it('shows a pending application under review with funding to come', () => {
    const steps = applicationTimeline({ status: 'pending', submittedDate, decidedAt: null, fundedAt: null });
    expect(view(steps)).toEqual([
      ['Submitted', 'done', submittedDate],
      ['Under review', 'current', null],
      ['Funded', 'upcoming', null],
    ]);
    expect(steps[1]?.note).toBe('We are reviewing your application.');
  });

  it('asks an approved applicant to accept the offer', () => {
    const steps = applicationTimeline({ status: 'approved', submittedDate, decidedAt, fundedAt: null });
    expect(view(steps)).toEqual([
      ['Submitted', 'done', submittedDate],
      ['Pre-approved', 'done', decidedAt],
      ['Accept your offer', 'current', null],
    ]);
  });

  it('dates every step of a funded application', () => {
    const steps = applicationTimeline({ status: 'funded', submittedDate, decidedAt, fundedAt });
    expect(view(steps)).toEqual([
      ['Submitted', 'done', submittedDate],
      ['Pre-approved', 'done', decidedAt],
      ['Funded', 'done', fundedAt],
    ]);
  });

  it('ends a declined application at the decision', () => {
    const steps = applicationTimeline({ status: 'declined', submittedDate, decidedAt, fundedAt: null });
    expect(view(steps)).toEqual([
      ['Submitted', 'done', submittedDate],
      ['Not approved', 'done', decidedAt],
    ]);
  });

  it('says when more information is needed', () => {
    const steps = applicationTimeline({ status: 'incomplete', submittedDate, decidedAt: null, fundedAt: null });
    expect(steps[1]).toMatchObject({ label: 'More information needed', state: 'current' });
  });
});
