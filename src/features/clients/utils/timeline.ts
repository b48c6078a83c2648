import type { ApplicationStatus } from '@shared/constants';

// An application's path as the client area draws it (docs/product.md, Charts): submitted, decided, funded. Each step
// is done (with its date), the current one, or still to come; a decline ends the path at the decision.

export type TimelineStep = {
  key: 'submitted' | 'decision' | 'funded';
  label: string;
  state: 'done' | 'current' | 'upcoming';
  date: Date | null;
  /** One sentence on what happens at this step, for the current one. */
  note: string | null;
};

type Facts = { status: ApplicationStatus; submittedDate: Date; decidedAt: Date | null; fundedAt: Date | null };

function decisionStep({ status, decidedAt }: Facts): TimelineStep {
  const base = { key: 'decision' as const, date: decidedAt };
  switch (status) {
    case 'approved':
    case 'funded':
      return { ...base, label: 'Pre-approved', state: 'done', note: null };
    case 'declined':
      return { ...base, label: 'Not approved', state: 'done', note: null };
    case 'incomplete':
      return { ...base, label: 'More information needed', state: 'current', note: 'We need more from you to decide.' };
    default:
      return { ...base, label: 'Under review', state: 'current', note: 'We are reviewing your application.' };
  }
}

function fundingStep({ status, fundedAt }: Facts): TimelineStep | null {
  if (status === 'declined') return null;
  if (status === 'funded') return { key: 'funded', label: 'Funded', state: 'done', date: fundedAt, note: null };
  if (status === 'approved') {
    return {
      key: 'funded',
      label: 'Accept your offer',
      state: 'current',
      date: null,
      note: 'Review the offer and accept it to receive the funds.',
    };
  }
  return { key: 'funded', label: 'Funded', state: 'upcoming', date: null, note: null };
}

export function applicationTimeline(facts: Facts): TimelineStep[] {
  const submitted: TimelineStep = {
    key: 'submitted',
    label: 'Submitted',
    state: 'done',
    date: facts.submittedDate,
    note: null,
  };
  const funding = fundingStep(facts);
  return funding ? [submitted, decisionStep(facts), funding] : [submitted, decisionStep(facts)];
}
