import { Field, Input, NativeSelect, Textarea, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { ApplicationField } from '@shared/schemas/application';
import { useWizardForm } from '../hooks/use-wizard-form';

type CommonProps = {
  name: ApplicationField;
  label: string;
  isRequired?: boolean;
  helperText?: ReactNode;
};

/** Ids that tie a control to its helper and error text (aria-describedby). */
export function fieldIds(name: string) {
  return { errorText: `apply-${name}-error`, helperText: `apply-${name}-helper` };
}

export function describedBy(name: string, hasError: boolean, hasHelper: boolean): string | undefined {
  const ids = fieldIds(name);
  const parts = [hasError ? ids.errorText : null, hasHelper ? ids.helperText : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** A wizard field's frame: its label (with the required mark), the control, then helper and error text. */
export function WizardFieldFrame({
  name,
  label,
  isRequired = true,
  helperText,
  error,
  children,
}: CommonProps & { error?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={isRequired} ids={fieldIds(name)}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * Wires a wizard field to the form: editing a field clears its error. No onBlur: the form validates on
 * Next and Submit only and never reads "touched", and leaving a field is part of every Next press.
 */
export function useWizardField(name: ApplicationField) {
  const { control, clearErrors } = useWizardForm();
  const { field, fieldState } = useController({ name, control });
  const setValue = (value: string) => {
    field.onChange(value);
    if (fieldState.error) clearErrors(name);
  };
  return { field, error: fieldState.error?.message, setValue };
}

type TextFieldProps = CommonProps &
  Pick<InputProps, 'type' | 'placeholder' | 'inputMode' | 'autoComplete' | 'maxLength' | 'min' | 'max'> & {
    /** Reformats what was typed or pasted (input masks). */
    mask?: (value: string) => string;
    /** Told each new value once the field holds it (a field that fills in another). */
    onValueChange?: (value: string) => void;
  };

export function WizardTextField({
  name,
  label,
  isRequired = true,
  helperText,
  mask,
  onValueChange,
  ...inputProps
}: TextFieldProps) {
  const { field, error, setValue } = useWizardField(name);
  return (
    <WizardFieldFrame name={name} label={label} isRequired={isRequired} helperText={helperText} error={error}>
      <Input
        {...inputProps}
        ref={field.ref}
        name={field.name}
        value={field.value}
        onChange={(event) => {
          const value = mask ? mask(event.target.value) : event.target.value;
          setValue(value);
          onValueChange?.(value);
        }}
        aria-describedby={describedBy(name, Boolean(error), Boolean(helperText))}
      />
    </WizardFieldFrame>
  );
}

export function WizardSelectField({
  name,
  label,
  isRequired = true,
  helperText,
  options,
  placeholder,
}: CommonProps & { options: ReadonlyArray<{ value: string; label: string }>; placeholder: string }) {
  const { field, error, setValue } = useWizardField(name);
  return (
    <WizardFieldFrame name={name} label={label} isRequired={isRequired} helperText={helperText} error={error}>
      <NativeSelect.Root>
        <NativeSelect.Field
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={(event) => setValue(event.target.value)}
          aria-describedby={describedBy(name, Boolean(error), Boolean(helperText))}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </WizardFieldFrame>
  );
}

export function WizardTextareaField({
  name,
  label,
  isRequired = false,
  helperText,
  placeholder,
  maxLength,
}: CommonProps & { placeholder?: string; maxLength?: number }) {
  const { field, error, setValue } = useWizardField(name);
  return (
    <WizardFieldFrame name={name} label={label} isRequired={isRequired} helperText={helperText} error={error}>
      <Textarea
        ref={field.ref}
        name={field.name}
        value={field.value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        rows={4}
        aria-describedby={describedBy(name, Boolean(error), Boolean(helperText))}
      />
    </WizardFieldFrame>
  );
}
