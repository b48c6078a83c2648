import { createContext, useContext } from 'react';
import type { WizardForm } from './use-wizard';

/**
 * The wizard's form methods. Not react-hook-form's FormProvider: that hands its consumers a new object on every render
 * of the wizard, so every field of every rendered step rendered again with each step change and each error (,
 * the Next button's response time). The form is made once (useWizard), the same object from render to render, and
 * each field follows its own state (useController).
 */
export const WizardFormContext = createContext<WizardForm | null>(null);

export function useWizardForm(): WizardForm {
  const form = useContext(WizardFormContext);
  if (!form) throw new Error('useWizardForm: outside the application wizard');
  return form;
}
