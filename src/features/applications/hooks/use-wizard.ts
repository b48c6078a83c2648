import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createFormControl, useForm, type Resolver, type UseFormProps } from 'react-hook-form';
import { toaster, WELCOME_TOAST_ID } from '@/components/ui/toaster';
import { ApiError } from '@/lib/errors';
import { eachWhenIdle } from '@/lib/idle';
import { trpc } from '@/lib/trpc';
import {
  CONSENT_FIELDS,
  consentShape,
  DOCUMENT_FIELDS,
  documentErrors,
  STEP_FIELDS,
  type ApplicationField,
  type ConsentField,
  type ConsentValues,
  type FormStep,
} from '@shared/schemas/application';
import type { WizardStart } from '../types';
import type { SubmissionOfferDto, UnderwritingResultDto } from '@shared/schemas/submission';
import type { DocumentErrors } from '../components/documents-step';
import {
  buildSubmission,
  NO_FILES,
  payloadSignature,
  sendApplication,
  type UploadProgress,
  type WizardFiles,
} from '../utils/submit';
import {
  EMPTY_VALUES,
  fieldErrorsFromText,
  firstIncompleteStep,
  isFormStep,
  resumeStep,
  schemaFor,
  stepSchemaFor,
  stepsFor,
  type WizardStep,
  type WizardValues,
  stepSchemaWarmers,
  WELCOME_BACK,
} from '../utils/wizard';
import {
  focusFirstDocumentError,
  initialValues,
  modeOf,
  newIdempotencyKey,
  readStoredDraft,
  startMinimumDisplay,
  writeStoredDraft,
} from '../utils/wizard-session';
import { usePreparedStep, useStepHeadingFocus } from './use-step-display';

export const SUBMIT_FALLBACK = 'Failed to submit application. Please try again.';

/**
 * The wizard's state and what changes it: the form, the step on screen and the one prepared after it, the files, the
 * submission and its answer. The components only show what this returns. `isReady`: hydrated, and the flow known.
 */
export function useWizard({ boot, isReady }: { boot: WizardStart | null; isReady: boolean }) {
  const queryClient = useQueryClient();
  // This mount's flow: a returning client's mount has their profile (ApplicationWizard).
  const [setup] = useState(() => {
    const profile = boot?.profile ?? null;
    const mode = modeOf(boot);
    const step: FormStep = mode === 'returning' ? 'documents' : 'loan-amount';
    return {
      mode,
      values: initialValues(profile),
      step,
      storedMasks: profile?.data.lastApplication
        ? { ssn: profile.data.lastApplication.ssn, ein: profile.data.lastApplication.ein }
        : null,
    };
  });
  const { mode } = setup;
  const steps = stepsFor(mode);
  const schema = schemaFor(mode);
  const [{ form, formOptions }] = useState(() => {
    const options: UseFormProps<WizardValues> = {
      defaultValues: setup.values,
      // The shared schema validates the typed strings; its output (numbers, nulls) is the server's business.
      resolver: zodResolver(schema) as unknown as Resolver<WizardValues>,
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
    };
    return { form: createFormControl<WizardValues>(options), formOptions: options };
  });

  const [step, setStep] = useState<WizardStep>(setup.step);
  const restoredStepRef = useRef<WizardStep | null>(null);
  const [files, setFiles] = useState<WizardFiles>(NO_FILES);
  const [docErrors, setDocErrors] = useState<DocumentErrors>({});
  const [progress, setProgress] = useState<UploadProgress>({ phase: 'uploading', fraction: 0 });
  // The engine's answer with the offer menu the submission priced (empty unless approved).
  const [result, setResult] = useState<(UnderwritingResultDto & { offers: SubmissionOfferDto[] }) | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [focusErrorsOn, setFocusErrorsOn] = useState<FormStep | null>(null);
  // The Review step's authorisations: unticked until the applicant ticks them, never restored from a draft.
  const [consents, setConsents] = useState<ConsentValues>({
    consentVerification: false,
    consentElectronicRecords: false,
  });
  const [consentErrors, setConsentErrors] = useState<Partial<Record<ConsentField, string>>>({});
  const idempotency = useRef<{ key: string; signature: string } | null>(null);
  const hasWelcomed = useRef(false);

  // Not a transition: the next step is already rendered, styled and laid out, hidden (PREPARED_STEP_STYLE in the
  // wizard), so showing it is light work and it appears in the click's own frame. As a transition it came a frame or
  // more after the click's paint (from the press to the next step painted, 115-245 ms under a 4x CPU slowdown).
  const goTo = (target: WizardStep) => setStep(target);

  useEffect(() => {
    if (mode !== 'returning' || hasWelcomed.current) return;
    hasWelcomed.current = true;
    // The same id as the sign-in's welcome: a client who signs in and goes straight here sees one welcome, not two.
    toaster.create({ id: WELCOME_TOAST_ID, type: 'info', title: 'Welcome back!', description: WELCOME_BACK });
  }, [mode]);

  // Answers kept over a reload (sessionStorage): read after the first render, which matches the prerendered markup,
  // and before the browser paints.
  useLayoutEffect(() => {
    const draft = readStoredDraft(mode);
    if (!draft) return;
    const values = { ...setup.values, ...draft.values };
    form.reset(values);
    const resumed = resumeStep(draft, values);
    restoredStepRef.current = resumed;
    setStep(resumed);
    // Once, on mount: the form and the setup are this mount's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const headingRef = useStepHeadingFocus(step, restoredStepRef);
  const preparedFrom = usePreparedStep(isReady, step);

  // The step schemas are made and run once while the visitor reads the first step (stepSchemaWarmers), one per
  // idle moment.
  useEffect(() => {
    if (!isReady) return;
    return eachWhenIdle(stepSchemaWarmers(mode), { timeout: 3000, fallbackMs: 500 });
  }, [isReady, mode]);

  // After Submit found a problem on an earlier step: show that step's errors and focus the first one.
  useEffect(() => {
    if (!focusErrorsOn || step !== focusErrorsOn) return;
    setFocusErrorsOn(null);
    if (focusErrorsOn === 'documents') focusFirstDocumentError(docErrors);
    else validateStep(focusErrorsOn);
    // validateStep reads the latest answers itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docErrors, focusErrorsOn, step]);

  function checkDocuments(): DocumentErrors {
    const counts = {
      bankStatements: files.bankStatements.length,
      driversLicense: files.driversLicense ? 1 : 0,
      voidedCheck: files.voidedCheck ? 1 : 0,
    };
    const errors = documentErrors(counts, { isExistingClient: mode === 'returning' });
    setDocErrors(errors);
    return errors;
  }

  /**
   * Validates one step synchronously: focus moves to the first bad field at once, and the messages render in the
   * click's own frame (each field re-renders alone: useController). Not as a transition: the step being prepared in the
   * background is one (above), and React renders pending transitions together, so the messages waited for it.
   */
  function validateStep(target: FormStep): boolean {
    const fields = STEP_FIELDS[target];
    if (fields.length === 0) return true;
    const values = form.getValues();
    const result = stepSchemaFor(mode, target).safeParse(
      Object.fromEntries(fields.map((field) => [field, values[field]])),
    );
    const messages = new Map<ApplicationField, string>();
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path[0] as ApplicationField;
      if (fields.includes(field) && !messages.has(field)) messages.set(field, issue.message);
    }
    // Nothing to clear or show (the usual Next): no form state update, so nothing re-renders for it.
    if (messages.size > 0 || fields.some((field) => form.getFieldState(field).error)) {
      form.clearErrors([...fields]);
      for (const [field, message] of messages) form.setError(field, { type: 'validate', message });
    }
    const first = fields.find((field) => messages.has(field));
    if (first) form.setFocus(first);
    return !first;
  }

  function handleNext() {
    if (!isFormStep(step)) return;
    if (step === 'documents') {
      const errors = checkDocuments();
      if (Object.keys(errors).length > 0) return focusFirstDocumentError(errors);
    } else if (!validateStep(step)) return;
    const next = steps[steps.indexOf(step) + 1];
    if (next) goTo(next);
  }

  function handlePrevious() {
    if (!isFormStep(step)) return;
    const previous = steps[steps.indexOf(step) - 1];
    if (previous) goTo(previous);
  }
  // One function for every render, calling this render's handler: the buttons need not re-render per step.
  const latestPrevious = useRef(handlePrevious);
  useLayoutEffect(() => {
    latestPrevious.current = handlePrevious;
  });
  const [handlePreviousRef] = useState(() => () => latestPrevious.current());

  async function handleSubmit() {
    if (isSubmitting) return;
    setSubmitting(true);
    const values = form.getValues();
    if (!schema.safeParse(values).success) {
      const target = firstIncompleteStep(values, mode);
      setSubmitting(false);
      setFocusErrorsOn(target);
      goTo(target);
      return;
    }
    if (Object.keys(checkDocuments()).length > 0) {
      setSubmitting(false);
      setFocusErrorsOn('documents');
      goTo('documents');
      return;
    }
    const unticked = consentProblems(consents);
    if (Object.keys(unticked).length > 0) {
      setSubmitting(false);
      setConsentErrors(unticked);
      const first = CONSENT_FIELDS.find((field) => unticked[field]);
      if (first) document.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    const isExistingClient = mode === 'returning';
    // A retry of the same payload reuses its key, so it can never make a second application.
    const signature = payloadSignature({ ...values, ...consents }, files, isExistingClient);
    if (idempotency.current?.signature !== signature) idempotency.current = { key: newIdempotencyKey(), signature };
    const { key } = idempotency.current;
    setSubmitError(null);
    setProgress({ phase: 'uploading', fraction: 0 });
    setStep('processing');
    const minimumDisplay = startMinimumDisplay();
    try {
      const response = await sendApplication({
        body: buildSubmission({ ...values, ...consents }, files, isExistingClient),
        idempotencyKey: key,
        onProgress: setProgress,
      });
      await minimumDisplay();
      writeStoredDraft(null);
      idempotency.current = null;
      void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.client) });
      void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.admin) });
      // The next visit prefills from this application.
      void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.application.start) });
      setResult({ ...response.data, offers: response.offers });
      setStep('approval');
    } catch (error) {
      await minimumDisplay();
      const message = error instanceof ApiError && error.status > 0 ? error.message : SUBMIT_FALLBACK;
      if (error instanceof ApiError && error.status === 400) applyServerErrors(error.body);
      toaster.create({ type: 'error', title: 'Error', description: message });
      setSubmitError(message);
      setStep('review');
    } finally {
      setSubmitting(false);
    }
  }

  function handleConsentChange(field: ConsentField, isChecked: boolean) {
    setConsents((current) => ({ ...current, [field]: isChecked }));
    if (isChecked) setConsentErrors((current) => ({ ...current, [field]: undefined }));
  }

  function applyServerErrors(text: string) {
    const errors = fieldErrorsFromText(text);
    const fileErrors: DocumentErrors = {};
    for (const [field, message] of Object.entries(errors)) {
      if (field in EMPTY_VALUES) form.setError(field as ApplicationField, { type: 'server', message });
      else if (field in consentShape) setConsentErrors((current) => ({ ...current, [field]: message }));
      else if ((DOCUMENT_FIELDS as readonly string[]).includes(field))
        fileErrors[field as keyof DocumentErrors] = message;
    }
    if (Object.keys(fileErrors).length > 0) setDocErrors(fileErrors);
  }

  return {
    form,
    formOptions,
    mode,
    steps,
    storedMasks: setup.storedMasks,
    step,
    goTo,
    preparedFrom,
    headingRef,
    files,
    setFiles,
    docErrors,
    setDocErrors,
    progress,
    result,
    submitError,
    isSubmitting,
    handleNext,
    handlePrevious: handlePreviousRef,
    handleSubmit,
    consents,
    consentErrors,
    handleConsentChange,
  };
}

/** The box's own message for each authorisation not given (the shared schema's rule and wording). */
function consentProblems(consents: ConsentValues): Partial<Record<ConsentField, string>> {
  const problems: Partial<Record<ConsentField, string>> = {};
  for (const field of CONSENT_FIELDS) {
    const result = consentShape[field].safeParse(consents[field]);
    if (!result.success) problems[field] = result.error.issues[0]?.message;
  }
  return problems;
}

/**
 * react-hook-form's own hooks for the wizard's form (made once, in useWizard), in a component of their own that
 * renders nothing: the form marks itself ready as it mounts, an urgent update that re-rendered the whole wizard right
 * after the page hydrated while useForm was called by the wizard itself; now it re-renders only this. The fields follow
 * their own state (useController), and the wizard reads the form's values when it needs them.
 */
export function WizardFormHooks({ form, options }: { form: WizardForm; options: UseFormProps<WizardValues> }) {
  useForm<WizardValues>({ ...options, formControl: form.formControl });
  return null;
}

export type WizardForm = ReturnType<typeof createFormControl<WizardValues>>;
