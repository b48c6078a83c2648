import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { ApplicationField, FormStep } from '@shared/schemas/application';
import { useWizardForm } from '../hooks/use-wizard-form';
import { draftOf, EMPTY_VALUES, type WizardMode, type WizardValues } from '../utils/wizard';
import { writeStoredDraft } from '../utils/wizard-session';

/** Reload safety: saves the non-restricted answers and the form step as they change (renders nothing). */
export function DraftSaver({ mode, step }: { mode: WizardMode; step: FormStep }) {
  const { control } = useWizardForm();
  const watched = useWatch({ control });
  const values: WizardValues = { ...EMPTY_VALUES };
  for (const field of Object.keys(EMPTY_VALUES) as ApplicationField[]) values[field] = watched[field] ?? '';
  const draft = JSON.stringify(draftOf(mode, step, values));
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
    // Off the typing path: the write waits for a pause, and is flushed when the page goes away.
    const timer = window.setTimeout(() => writeStoredDraft(draft), 150);
    return () => window.clearTimeout(timer);
  }, [draft]);
  useEffect(() => {
    const flush = () => writeStoredDraft(latest.current);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  return null;
}
