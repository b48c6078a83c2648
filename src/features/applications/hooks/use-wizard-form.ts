import { createContext, useContext } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { WizardValues } from '../utils/wizard';

/**
 * The wizard's form methods. Not react-hook-form's FormProvider: that hands its consumers a new object on every render
 * of the wizard, so every field of every rendered step rendered again with each step change and each error (,
 * the Next button's response time). useForm returns the same object from render to render, and each field follows
 * its own state (useController).
 */
export const WizardFormContext = createContext<UseFormReturn<WizardValues> | null>(null);

export function useWizardForm(): UseFormReturn<WizardValues> {
  const form = useContext(WizardFormContext);
  if (!form) throw new Error('useWizardForm: outside the application wizard');
  return form;
}
