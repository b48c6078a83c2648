import { formatDaysPastDue } from '@shared/format';

/** Loan status as the back office lists it: current, past_due as 'N days past due', other values raw. */
export function loanStatusLabel(status: string, daysPastDue: number): string {
  if (status === 'past_due') return formatDaysPastDue(daysPastDue);
  if (status === 'current') return 'Current';
  return status;
}
