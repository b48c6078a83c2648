import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

type FieldRootProps = Omit<ComponentProps<typeof Field.Root>, 'onChange'>;

/** A staff list's search box (debounced by the tab). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  ...fieldProps
}: { label: string; placeholder: string; value: string; onChange: (value: string) => void } & FieldRootProps) {
  return (
    <Field.Root {...fieldProps}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="search"
        placeholder={placeholder}
        value={value}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}

/** A staff list's filter: one of `options`, each shown by `labelOf`; a value outside them is never set. */
export function FilterSelect<T extends string>({
  label,
  options,
  labelOf,
  value,
  onChange,
  selectProps,
  ...fieldProps
}: {
  label: string;
  options: readonly T[];
  labelOf: (option: T) => string;
  value: T;
  onChange: (value: T) => void;
  selectProps?: ComponentProps<typeof NativeSelect.Root>;
} & FieldRootProps) {
  const isOption = (candidate: string): candidate is T => (options as readonly string[]).includes(candidate);
  return (
    <Field.Root {...fieldProps}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root {...selectProps}>
        <NativeSelect.Field
          value={value}
          onChange={(event) => isOption(event.currentTarget.value) && onChange(event.currentTarget.value)}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export type RowAction = {
  label: string;
  /** The button's accessible name, naming the row ("View Main Street Bakery"). */
  ariaLabel: string;
  onClick: () => void;
  /** view: the row's main action; more: a secondary one; attention: work waiting (e.g. Review). */
  kind?: 'view' | 'more' | 'attention';
};

const ACTION_STYLES = {
  view: { variant: 'outline' },
  more: { variant: 'ghost' },
  attention: { variant: 'surface', colorPalette: 'orange' },
} as const;

/** A row's small action buttons, the first usually View. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <HStack gap="1">
      {actions.map(({ label, ariaLabel, onClick, kind = 'more' }) => (
        <Button key={label} size="xs" {...ACTION_STYLES[kind]} aria-label={ariaLabel} onClick={onClick}>
          {label}
        </Button>
      ))}
    </HStack>
  );
}

/** A row's one action: View, named after the row. */
export function ViewButton({ ariaLabel, onClick }: { ariaLabel: string; onClick: () => void }) {
  return <RowActions actions={[{ label: 'View', ariaLabel, onClick, kind: 'view' }]} />;
}
