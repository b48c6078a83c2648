import { Box, Button, Card, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import {
  memo,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactElement,
} from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/hooks/use-auth';
import { ApiError } from '@/lib/errors';
import { whenIdle } from '@/lib/idle';
import { useWizardForm, WizardFormContext } from '../hooks/use-wizard-form';
import { trpc } from '@/lib/trpc';
import {
  DOCUMENT_FIELDS,
  documentErrors,
  STEP_FIELDS,
  type ApplicationField,
  type ClientProfileDto,
  type FormStep,
  type WizardStartDto,
} from '@shared/schemas/application';
import {
  buildSubmission,
  NO_FILES,
  payloadSignature,
  sendApplication,
  type UnderwritingResult,
  type UploadProgress,
  type WizardFiles,
} from '../utils/submit';
import {
  DRAFT_KEY,
  draftOf,
  EMPTY_VALUES,
  fieldErrorsFromText,
  firstIncompleteStep,
  isFormStep,
  parseDraft,
  resumeStep,
  schemaFor,
  splitOwnerName,
  stepSchemaFor,
  stepsFor,
  type WizardMode,
  type WizardStep,
  type WizardValues,
  warmStepSchemas,
} from '../utils/wizard';
import { AccountCreatedStep, ApprovalStep, ProcessingStep, SuccessStep } from './after-steps';
import { CreateAccountStep } from './create-account-step';
import { DocumentsStep, type DocumentErrors } from './documents-step';
import { BusinessStep, FinancialStep, LoanAmountStep, PersonalStep } from './form-steps';
import { ReviewStep } from './review-step';
import { Disclaimer, STEP_TITLES, TrustIndicators, WizardProgress } from './wizard-chrome';

/** The processing screen stays at least this long (public spec §9; PRODUCT.md 3). */
export const MIN_PROCESSING_MS = 3000;
export const SUBMIT_FALLBACK = 'Failed to submit application. Please try again.';
export const WELCOME_BACK =
  "We've pre-filled your information from your previous application. Please upload your latest bank statements.";

type Profile = ClientProfileDto;

// Made once: a wizard re-render (a new step, an error) leaves them alone.
const DISCLAIMER = <Disclaimer />;
const TRUST_INDICATORS = <TrustIndicators />;

/** The steps of plain fields, as elements made once. */
const FIELD_STEPS: Record<'loan-amount' | 'personal' | 'financial', ReactElement> = {
  'loan-amount': <LoanAmountStep />,
  personal: <PersonalStep />,
  financial: <FinancialStep />,
};

const AFTER_TITLES = {
  processing: { title: 'Processing Application', heading: 'Analyzing Your Application' },
  approval: { title: 'AI Underwriting Result', heading: 'Instant Decision' },
  success: { title: 'Application Complete', heading: 'Application Submitted' },
  'create-account': { title: 'Create Account', heading: 'Create Account' },
  'account-created': { title: 'Account Created', heading: 'Account Created' },
} as const;

const subscribeToNothing = () => () => undefined;

/**
 * The wizard. Its first step shows at once as for a new applicant, in the prerendered page too, so nothing moves when
 * the code arrives (issue 4: layout shift). What it loads once (a returning client's profile, the maps key) starts a
 * returning client's own flow when it comes; until then, and until the page is hydrated, the form takes no input.
 */
export function ApplicationWizard() {
  const start = trpc.application.start.useQuery(undefined, { staleTime: Infinity });
  // False while hydrating the prerendered markup (it must render as the server did), true from then on.
  const isHydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  // Decided once, when the profile call settles (a failed one means a new applicant, spec §4): registering at the
  // end refetches the profile, which must not switch the flow. A signed-in client's answers start prefilled, so
  // their wizard starts again with the profile; an anonymous applicant's keeps the form it has.
  const [flow, setFlow] = useState<'anonymous' | 'signed-in' | 'returning' | null>(null);
  if (flow === null && !start.isPending) {
    const boot = start.data ?? null;
    setFlow(modeOf(boot) === 'returning' ? 'returning' : boot?.profile ? 'signed-in' : 'anonymous');
  }
  return <Wizard key={flow ?? 'anonymous'} boot={start.data ?? null} isReady={isHydrated && flow !== null} />;
}

const modeOf = (boot: WizardStartDto | null): WizardMode => (boot?.profile?.data.lastApplication ? 'returning' : 'new');

function initialValues(profile: Profile | null): WizardValues {
  if (!profile) return EMPTY_VALUES;
  const { user, lastApplication: last } = profile.data;
  const ownerName = `${user.firstName} ${user.lastName}`.trim();
  if (!last) return { ...EMPTY_VALUES, ownerName, email: user.email, businessName: user.businessName };
  return {
    ...EMPTY_VALUES,
    // Prefilled from the last application with the loan amount left empty (spec §4). SSN, EIN and birth date stay
    // empty: the server reuses the stored ones.
    businessName: last.businessName || user.businessName,
    businessAddress: last.businessAddress,
    businessAddress2: last.businessAddress2,
    businessStartDate: last.businessStartDate,
    businessType: last.businessType,
    timeInBusiness: last.timeInBusiness,
    ownerName: last.ownerName || ownerName,
    email: last.email || user.email,
    phone: last.phone,
    estimatedCreditScore: String(last.estimatedCreditScore),
    monthlyRevenue: last.monthlyRevenue,
    additionalInfo: last.additionalInfo,
  };
}

function readStoredDraft(mode: WizardMode) {
  try {
    return parseDraft(window.sessionStorage.getItem(DRAFT_KEY), mode);
  } catch {
    return null;
  }
}

function writeStoredDraft(value: string | null) {
  try {
    if (value === null) window.sessionStorage.removeItem(DRAFT_KEY);
    else window.sessionStorage.setItem(DRAFT_KEY, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the wizard still works, only reload safety is lost.
  }
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Starts the processing screen's clock; the returned wait resolves once it has been shown long enough. */
function startMinimumDisplay(): () => Promise<void> {
  const started = performance.now();
  return () =>
    new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, started + MIN_PROCESSING_MS - performance.now())));
}

/**
 * A step kept rendered while another one is shown (issue 4, responsiveness). It is laid out in place but shows
 * nothing: out of the flow, no height, clipped, and visibility hidden, which also keeps its fields out of the tab order
 * and the accessibility tree. Unlike display: none (React's Activity), the browser has computed its style and layout
 * already, so Next only flips this wrapper: visibility and pointer-events are inherited properties the browser updates
 * without matching the step's rules again. Its effects run while it is hidden, which the wizard's steps allow.
 */
const PREPARED_STEP_STYLE = {
  position: 'absolute',
  insetInline: 0,
  top: 0,
  height: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
} as const;

function Wizard({ boot, isReady }: { boot: WizardStartDto | null; isReady: boolean }) {
  const auth = useAuth();
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
  const form = useForm<WizardValues>({
    defaultValues: setup.values,
    // The shared schema validates the typed strings; its output (numbers, nulls) is the server's business.
    resolver: zodResolver(schema) as unknown as Resolver<WizardValues>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const [step, setStep] = useState<WizardStep>(setup.step);
  const restoredStep = useRef<WizardStep | null>(null);
  const [files, setFiles] = useState<WizardFiles>(NO_FILES);
  const [docErrors, setDocErrors] = useState<DocumentErrors>({});
  const [progress, setProgress] = useState<UploadProgress>({ phase: 'uploading', fraction: 0 });
  const [result, setResult] = useState<UnderwritingResult | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [focusErrorsOn, setFocusErrorsOn] = useState<FormStep | null>(null);
  const idempotency = useRef<{ key: string; signature: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const hasMounted = useRef(false);
  const hasWelcomed = useRef(false);

  // Not a transition: the next step is already rendered, styled and laid out, hidden (PREPARED_STEP_STYLE, below), so
  // showing it is light work and it appears in the click's own frame. As a transition it came a frame or more after
  // the click's paint (issue 4: from the press to the next step painted, 115-245 ms under a 4x CPU slowdown).
  const goTo = (target: WizardStep) => setStep(target);

  useEffect(() => {
    if (mode !== 'returning' || hasWelcomed.current) return;
    hasWelcomed.current = true;
    toaster.create({ type: 'info', title: 'Welcome back!', description: WELCOME_BACK });
  }, [mode]);

  // Answers kept over a reload (sessionStorage): read after the first render, which matches the prerendered markup,
  // and before the browser paints.
  useLayoutEffect(() => {
    const draft = readStoredDraft(mode);
    if (!draft) return;
    const values = { ...setup.values, ...draft.values };
    form.reset(values);
    const resumed = resumeStep(draft, values);
    restoredStep.current = resumed;
    setStep(resumed);
    // Once, on mount: the form and the setup are this mount's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new step takes the focus to its heading, so screen readers announce it and keyboards start at the top.
  // Once the step is painted: focusing and scrolling need the new step's style and layout at once, and React runs this
  // effect of a click's render before the browser paints, so it made the browser compute them twice before showing
  // the step (issue 4: about a third of Next's time at a phone's speed).
  useEffect(() => {
    if (!hasMounted.current || step === restoredStep.current) {
      hasMounted.current = true;
      restoredStep.current = null;
      return;
    }
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        headingRef.current?.focus({ preventScroll: true });
        headingRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [step]);

  // The step after the current one is kept rendered, hidden, so that Next only has to show it (below). It is added once
  // the current step is on screen, as a transition: it renders in slices while the visitor reads the current step, and
  // never inside the click that showed it.
  const [preparedFrom, setPreparedFrom] = useState<WizardStep | null>(null);
  useEffect(() => {
    if (!isReady) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      // In slices (a transition): the step renders while the visitor reads the current one.
      timer = window.setTimeout(() => startTransition(() => setPreparedFrom(step)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [isReady, step]);

  // The step schemas are made and run once while the visitor reads the first step (warmStepSchemas).
  useEffect(() => {
    if (!isReady) return;
    return whenIdle(() => warmStepSchemas(mode), { timeout: 3000, fallbackMs: 500 });
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
  // One function for every render, calling this render's handler: the buttons below need not re-render per step.
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
    const isExistingClient = mode === 'returning';
    // A retry of the same payload reuses its key, so it can never make a second application (PRODUCT.md 3).
    const signature = payloadSignature(values, files, isExistingClient);
    if (idempotency.current?.signature !== signature) idempotency.current = { key: newIdempotencyKey(), signature };
    const { key } = idempotency.current;
    setSubmitError(null);
    setProgress({ phase: 'uploading', fraction: 0 });
    setStep('processing');
    const minimumDisplay = startMinimumDisplay();
    try {
      const response = await sendApplication({
        body: buildSubmission(values, files, isExistingClient),
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
      setResult(response.data);
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

  function applyServerErrors(text: string) {
    const errors = fieldErrorsFromText(text);
    const fileErrors: DocumentErrors = {};
    for (const [field, message] of Object.entries(errors)) {
      if (field in EMPTY_VALUES) form.setError(field as ApplicationField, { type: 'server', message });
      else if ((DOCUMENT_FIELDS as readonly string[]).includes(field))
        fileErrors[field as keyof DocumentErrors] = message;
    }
    if (Object.keys(fileErrors).length > 0) setDocErrors(fileErrors);
  }

  // The same elements from render to render: a hidden step that is shown is not rendered again for it.
  const mapsApiKey = boot?.mapsApiKey ?? '';
  const isMapsKeyConfigured = boot?.mapsKeyConfigured ?? false;
  const businessStep = useMemo(
    () => <BusinessStep mapsApiKey={mapsApiKey} isMapsKeyConfigured={isMapsKeyConfigured} />,
    [mapsApiKey, isMapsKeyConfigured],
  );
  const documentsStep = useMemo(
    () => (
      <DocumentsStep
        files={files}
        errors={docErrors}
        isReturning={mode === 'returning'}
        onFilesChange={setFiles}
        onErrorsChange={setDocErrors}
      />
    ),
    [docErrors, files, mode],
  );

  const isForm = isFormStep(step);
  const title = isForm ? STEP_TITLES[step] : AFTER_TITLES[step].title;
  const heading = isForm ? STEP_TITLES[step] : AFTER_TITLES[step].heading;
  const showsDisclaimer = !['success', 'review', 'documents'].includes(step);
  const showsTrust = step !== 'success';
  const isFirst = isForm && steps.indexOf(step) === 0;
  // The steps up to the current one, and the one after the step on screen when it was last painted.
  const preparedThrough = Math.max(
    isForm ? steps.indexOf(step) : -1,
    preparedFrom && isFormStep(preparedFrom) ? steps.indexOf(preparedFrom) + 1 : -1,
  );

  return (
    <WizardFormContext.Provider value={form}>
      {isFormStep(step) && <DraftSaver mode={mode} step={step} />}
      <Card.Root maxW="3xl" mx="auto" w="full">
        <Card.Body p={{ base: '4', md: '8' }}>
          {isForm && <WizardProgress steps={steps} current={step} />}
          <Box mb="6">
            {title !== heading && (
              <Text
                fontSize="sm"
                fontWeight="semibold"
                color="brand.700"
                textTransform="uppercase"
                letterSpacing="wide"
              >
                {title}
              </Text>
            )}
            <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none" scrollMarginTop="24">
              {heading}
            </Heading>
          </Box>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (step === 'review') void handleSubmit();
              else handleNext();
            }}
          >
            {/* Disabled until the form works: input to markup that is not hydrated yet would be lost. */}
            <chakra.fieldset disabled={!isReady} border="0" p="0" m="0" minW="0" position="relative">
              {steps.map((formStep, index) => {
                // The current step, and (once the form works) the ones before it and the next one (preparedThrough),
                // kept rendered but hidden: Next then only shows what is there, instead of building a step inside the
                // click (issue 4, responsiveness). Review reads the answers when it renders, so it renders when shown.
                const isCurrent = formStep === step;
                const isPrepared = isReady && isForm && formStep !== 'review' && index <= preparedThrough;
                if (!isCurrent && !isPrepared) return null;
                return (
                  <div key={formStep} style={isCurrent ? undefined : PREPARED_STEP_STYLE}>
                    {formStep === 'review' ? (
                      <ReviewStep
                        files={files}
                        mode={mode}
                        storedMasks={setup.storedMasks}
                        submitError={submitError}
                        isSubmitting={isSubmitting}
                        onEdit={goTo}
                        onRetry={() => void handleSubmit()}
                      />
                    ) : formStep === 'documents' ? (
                      documentsStep
                    ) : formStep === 'business' ? (
                      businessStep
                    ) : (
                      FIELD_STEPS[formStep]
                    )}
                  </div>
                );
              })}
              {isForm && (
                <WizardActions
                  isFirst={isFirst}
                  isReview={step === 'review'}
                  isSubmitting={isSubmitting}
                  onPrevious={handlePreviousRef}
                />
              )}
            </chakra.fieldset>
          </form>
          {step === 'processing' && <ProcessingStep progress={progress} />}
          {step === 'approval' && result && <ApprovalStep result={result} onContinue={() => goTo('success')} />}
          {step === 'success' && (
            <SuccessStep isSignedIn={auth.isAuthenticated} onCreateAccount={() => goTo('create-account')} />
          )}
          {step === 'create-account' && (
            <CreateAccountStep defaults={accountDefaults(form.getValues())} onCreated={() => goTo('account-created')} />
          )}
          {step === 'account-created' && <AccountCreatedStep />}
          {showsDisclaimer && DISCLAIMER}
        </Card.Body>
      </Card.Root>
      {showsTrust && TRUST_INDICATORS}
    </WizardFormContext.Provider>
  );
}

type WizardActionsProps = { isFirst: boolean; isReview: boolean; isSubmitting: boolean; onPrevious: () => void };

/** Previous and Next (or Submit). Memoized: a step change re-renders it only when one of these changes (issue 4). */
const WizardActions = memo(function WizardActions({ isFirst, isReview, isSubmitting, onPrevious }: WizardActionsProps) {
  return (
    <Flex mt="8" gap="3" justify="space-between" direction={{ base: 'column-reverse', sm: 'row' }}>
      <Button type="button" variant="outline" size="lg" onClick={onPrevious} disabled={isFirst}>
        Previous
      </Button>
      {isReview ? (
        <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} loadingText="Submitting...">
          Submit Application
        </Button>
      ) : (
        <Button type="submit" colorPalette="brand" size="lg">
          Next
        </Button>
      )}
    </Flex>
  );
});

function accountDefaults(values: WizardValues) {
  return { ...splitOwnerName(values.ownerName), email: values.email, businessName: values.businessName };
}

/** Reload safety: saves the non-restricted answers and the form step as they change (renders nothing). */
function DraftSaver({ mode, step }: { mode: WizardMode; step: FormStep }) {
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

function focusFirstDocumentError(errors: DocumentErrors) {
  const first = DOCUMENT_FIELDS.find((field) => errors[field]);
  if (first) document.querySelector<HTMLInputElement>(`input[type="file"][name="${first}"]`)?.focus();
}
