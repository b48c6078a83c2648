import { Field, Input, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type FieldProps = {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  required?: boolean;
};

/** A whole-dollar amount the client types ("Whole US dollars." until there is an error to show). */
export function DollarsField({
  name,
  label,
  value,
  onChange,
  error,
  required,
  placeholder,
}: FieldProps & { placeholder: string }) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {required ? (
          <>
            {label} <Field.RequiredIndicator />
          </>
        ) : (
          label
        )}
      </Field.Label>
      <Input
        name={name}
        inputMode="numeric"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Whole US dollars.</Field.HelperText>}
    </Field.Root>
  );
}

/** The client's own words on a request (required), capped at the schema's length. */
export function ReasonField({ name, label, value, onChange, error, maxLength }: FieldProps & { maxLength: number }) {
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        name={name}
        rows={4}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
