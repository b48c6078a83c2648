import { Input } from '@chakra-ui/react';
import { useRef } from 'react';
import { useGooglePlaces } from '../hooks/use-google-places';
import { useWizardForm } from '../hooks/use-wizard-form';
import { describedBy, useWizardField, WizardFieldFrame } from './form-fields';

export const ADDRESS_MESSAGES = {
  keyInvalid: 'Google Maps API key not properly configured',
  loadFailed: 'Unable to load address autocomplete',
  pickSuggestion: 'Please select a valid address from the suggestions.',
} as const;

/**
 * The business address: Places autocomplete (US addresses) when a usable key is configured, otherwise a plain
 * enabled text input (docs/product.md 3). Typing by hand always works; a chosen suggestion fills the formatted address.
 */
export function AddressField({
  mapsApiKey,
  isMapsKeyConfigured,
}: {
  mapsApiKey: string;
  isMapsKeyConfigured: boolean;
}) {
  const name = 'businessAddress';
  const { field, error, setValue } = useWizardField(name);
  const { setError } = useWizardForm();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const status = useGooglePlaces(inputRef, mapsApiKey, ({ formattedAddress }) => {
    if (formattedAddress) setValue(formattedAddress);
    else setError(name, { type: 'manual', message: ADDRESS_MESSAGES.pickSuggestion });
  });
  const notice =
    isMapsKeyConfigured && !mapsApiKey
      ? ADDRESS_MESSAGES.keyInvalid
      : status === 'failed'
        ? ADDRESS_MESSAGES.loadFailed
        : status === 'ready'
          ? 'Start typing and choose your address from the suggestions.'
          : null;
  return (
    <WizardFieldFrame name={name} label="Business Address" helperText={notice} error={error}>
      <Input
        ref={(element) => {
          inputRef.current = element;
          field.ref(element);
        }}
        name={field.name}
        value={field.value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="street-address"
        placeholder="123 Main Street, City, State ZIP"
        aria-describedby={describedBy(name, Boolean(error), Boolean(notice))}
      />
    </WizardFieldFrame>
  );
}
