import { Field, NativeSelect } from '@chakra-ui/react';
import { ASSIGNEE_FILTERS, type AssigneeFilter } from '@shared/schemas/back-office-work';
import type { ComponentProps } from 'react';

const isAssigneeFilter = (value: string): value is AssigneeFilter =>
  (ASSIGNEE_FILTERS as readonly string[]).includes(value);

/** The "Assigned: Everyone's / Mine" filter of the staff lists. */
export function AssigneeFilterField({
  value,
  onChange,
  selectProps,
  ...fieldProps
}: {
  value: AssigneeFilter;
  onChange: (value: AssigneeFilter) => void;
  selectProps?: ComponentProps<typeof NativeSelect.Root>;
} & Omit<ComponentProps<typeof Field.Root>, 'onChange'>) {
  return (
    <Field.Root {...fieldProps}>
      <Field.Label>Assigned</Field.Label>
      <NativeSelect.Root {...selectProps}>
        <NativeSelect.Field
          value={value}
          onChange={(event) => isAssigneeFilter(event.currentTarget.value) && onChange(event.currentTarget.value)}
        >
          <option value="all">Everyone&apos;s</option>
          <option value="mine">Mine</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
