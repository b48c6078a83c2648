import type { ComponentProps } from 'react';
import { ASSIGNEE_FILTERS, type AssigneeFilter } from '@shared/schemas/back-office-work';
import { FilterSelect } from './list-controls';

const ASSIGNEE_LABELS: Record<AssigneeFilter, string> = { all: "Everyone's", mine: 'Mine' };

/** The "Assigned: Everyone's / Mine" filter of the staff lists. */
export function AssigneeFilterField(
  props: Omit<ComponentProps<typeof FilterSelect<AssigneeFilter>>, 'label' | 'options' | 'labelOf'>,
) {
  return (
    <FilterSelect label="Assigned" options={ASSIGNEE_FILTERS} labelOf={(value) => ASSIGNEE_LABELS[value]} {...props} />
  );
}
