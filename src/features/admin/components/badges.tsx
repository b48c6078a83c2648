import { Badge } from '@chakra-ui/react';
import { aiDecisionLabel, applicationStatusLabel } from '@shared/schemas/admin';
import { loanStatusLabel } from '../utils/labels';

const STATUS_PALETTE: Record<string, string> = {
  approved: 'green',
  funded: 'blue',
  declined: 'red',
  review: 'orange',
  pending: 'yellow',
  incomplete: 'gray',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle">
      {applicationStatusLabel(status)}
    </Badge>
  );
}

const AI_PALETTE: Record<string, string> = { approved: 'green', declined: 'red', review: 'orange' };

/** AI Approved, AI Declined, Needs Review, else Unknown. */
export function AiDecisionBadge({ decision }: { decision: string | null }) {
  return (
    <Badge colorPalette={(decision && AI_PALETTE[decision]) || 'gray'} variant="outline">
      {aiDecisionLabel(decision)}
    </Badge>
  );
}

export function LoanStatusBadge({ status, daysPastDue }: { status: string; daysPastDue: number }) {
  const palette = status === 'current' ? 'green' : status === 'past_due' ? 'red' : 'gray';
  return (
    <Badge colorPalette={palette} variant="subtle">
      {loanStatusLabel(status, daysPastDue)}
    </Badge>
  );
}
