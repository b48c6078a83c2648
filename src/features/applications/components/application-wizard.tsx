import { Box, Card, chakra, Heading, Text } from '@chakra-ui/react';
import {
  createContext,
  memo,
  useContext,
  useDeferredValue,
  useMemo,
  useState,
  type ReactElement,
  type RefObject,
} from 'react';
import { useAuth } from '@/hooks/use-auth';
import { HydrateLater, useIsHydrating } from '@/lib/hydrate-later';
import { trpc } from '@/lib/trpc';
import { useWizard, WizardFormHooks } from '../hooks/use-wizard';
import type { WizardStart } from '../types';
import { WizardFormContext } from '../hooks/use-wizard-form';
import { isFormStep } from '../utils/wizard';
import { accountDefaults, modeOf } from '../utils/wizard-session';
import { AccountCreatedStep, ApprovalStep, ProcessingStep, SuccessStep } from './after-steps';
import { CreateAccountStep } from './create-account-step';
import { DocumentsStep } from './documents-step';
import { DraftSaver } from './draft-saver';
import { BusinessStep, FinancialStep, LoanAmountStep, PersonalStep } from './form-steps';
import { ReviewStep } from './review-step';
import { Disclaimer, STEP_TITLES, TrustIndicators, WizardActions, WizardProgress } from './wizard-chrome';

// Made once: a wizard re-render (a new step, an error) leaves them alone. Static text: on the prerendered page they
// hydrate once it is idle, after the step (HydrateLater).
const DISCLAIMER = (
  <HydrateLater>
    <Disclaimer />
  </HydrateLater>
);
const TRUST_INDICATORS = (
  <HydrateLater>
    <TrustIndicators />
  </HydrateLater>
);

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

/**
 * The wizard. Its first step shows at once as for a new applicant, in the prerendered page too, so nothing moves when
 * the code arrives (no layout shift). What it loads once (a returning client's profile, the maps key) starts a
 * returning client's own flow when it comes; until then, and until the page is hydrated, the form takes no input.
 */
export function ApplicationWizard() {
  const start = trpc.application.start.useQuery(undefined, { staleTime: Infinity });
  // False while hydrating the prerendered markup (it must render as the server did), true from then on.
  const isHydrated = !useIsHydrating();
  // Decided once, when the profile call settles (a failed one means a new applicant): registering at the end refetches
  // the profile, which must not switch the flow. A signed-in client's answers start prefilled, so their wizard starts
  // again with the profile; an anonymous applicant's keeps the form it has.
  const [flow, setFlow] = useState<'anonymous' | 'signed-in' | 'returning' | null>(null);
  if (flow === null && !start.isPending) {
    const boot = start.data ?? null;
    setFlow(modeOf(boot) === 'returning' ? 'returning' : boot?.profile ? 'signed-in' : 'anonymous');
  }
  // What these bring reaches the wizard as a deferred render, in slices. React makes the end of hydrating and a query's
  // answer urgent updates (useSyncExternalStore); passed straight on, each rendered the whole wizard again in one task
  // right after the page hydrated (a long task on a slow phone). Only this component renders urgently now.
  const settled = useMemo(() => ({ flow, boot: start.data ?? null, isHydrated }), [flow, start.data, isHydrated]);
  const { flow: shownFlow, boot, isHydrated: isShownHydrated } = useDeferredValue(settled);
  return <Wizard key={shownFlow ?? 'anonymous'} boot={boot} isReady={isShownHydrated && shownFlow !== null} />;
}

/**
 * A step kept rendered while another one is shown (the Next button's response time). It is laid out in place but
 * shows nothing: out of the flow, no height, clipped, and visibility hidden, which also keeps its fields out of the tab
 * order and the accessibility tree. Unlike display: none (React's Activity), the browser has computed its style and
 * layout already, so Next only flips this wrapper: visibility and pointer-events are inherited properties the browser
 * updates without matching the step's rules again. Its effects run while it is hidden, which the wizard's steps allow.
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

type WizardView = ReturnType<typeof useWizard> & {
  isReady: boolean;
  businessStep: ReactElement;
  documentsStep: ReactElement;
};

/** What the card's content shows, from the wizard's latest render (Wizard). */
const WizardViewContext = createContext<WizardView | null>(null);

/**
 * The card, made once: a step change re-renders what is inside it (WizardCardContent, through WizardViewContext),
 * not the card's own styled parts (each Chakra part computes its styles again when it renders, inside the Next press).
 */
const WIZARD_CARD = (
  <Card.Root maxW="3xl" mx="auto" w="full">
    <Card.Body p={{ base: '4', md: '8' }}>
      <WizardCardContent />
    </Card.Body>
  </Card.Root>
);

const Wizard = memo(function Wizard({ boot, isReady }: { boot: WizardStart | null; isReady: boolean }) {
  const wizard = useWizard({ boot, isReady });
  const { form, mode, step, files, docErrors, setFiles, setDocErrors } = wizard;

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
    [docErrors, files, mode, setFiles, setDocErrors],
  );

  return (
    <WizardFormContext.Provider value={form}>
      <WizardFormHooks form={form} options={wizard.formOptions} />
      <WizardViewContext.Provider value={{ ...wizard, isReady, businessStep, documentsStep }}>
        {isFormStep(step) && <DraftSaver mode={mode} step={step} />}
        {WIZARD_CARD}
        {step !== 'success' && TRUST_INDICATORS}
      </WizardViewContext.Provider>
    </WizardFormContext.Provider>
  );
});

function WizardCardContent() {
  const wizard = useContext(WizardViewContext);
  if (!wizard) throw new Error('WizardCardContent: outside the application wizard');
  const { form, mode, steps, step, goTo, files, isReady } = wizard;

  const isForm = isFormStep(step);
  const title = isForm ? STEP_TITLES[step] : AFTER_TITLES[step].title;
  const heading = isForm ? STEP_TITLES[step] : AFTER_TITLES[step].heading;
  const titles = useMemo(() => ({ title, heading }), [title, heading]);
  const showsDisclaimer = !['success', 'review', 'documents'].includes(step);
  const isFirst = isForm && steps.indexOf(step) === 0;
  // The steps up to the current one, and the one after the step on screen when it was last painted.
  const { preparedFrom } = wizard;
  const preparedThrough = Math.max(
    isForm ? steps.indexOf(step) : -1,
    preparedFrom && isFormStep(preparedFrom) ? steps.indexOf(preparedFrom) + 1 : -1,
  );

  return (
    <>
      {isForm && <WizardProgress steps={steps} current={step} />}
      <StepTitlesContext.Provider value={titles}>
        <StepHeading headingRef={wizard.headingRef} />
      </StepTitlesContext.Provider>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'review') void wizard.handleSubmit();
          else wizard.handleNext();
        }}
      >
        {/* Disabled until the form works: input to markup that is not hydrated yet would be lost. */}
        <chakra.fieldset disabled={!isReady} border="0" p="0" m="0" minW="0" position="relative">
          {steps.map((formStep, index) => {
            // The current step, and (once the form works) the ones before it and the next one (preparedThrough),
            // kept rendered but hidden: Next then only shows what is there, instead of building a step inside the
            // click. Review reads the answers when it renders, so it renders when shown.
            const isCurrent = formStep === step;
            const isPrepared = isReady && isForm && formStep !== 'review' && index <= preparedThrough;
            if (!isCurrent && !isPrepared) return null;
            return (
              <div key={formStep} style={isCurrent ? undefined : PREPARED_STEP_STYLE}>
                {formStep === 'review' ? (
                  <ReviewStep
                    files={files}
                    mode={mode}
                    storedMasks={wizard.storedMasks}
                    submitError={wizard.submitError}
                    isSubmitting={wizard.isSubmitting}
                    onEdit={goTo}
                    onRetry={() => void wizard.handleSubmit()}
                    consents={wizard.consents}
                    consentErrors={wizard.consentErrors}
                    onConsentChange={wizard.handleConsentChange}
                  />
                ) : formStep === 'documents' ? (
                  wizard.documentsStep
                ) : formStep === 'business' ? (
                  wizard.businessStep
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
              isSubmitting={wizard.isSubmitting}
              onPrevious={wizard.handlePrevious}
            />
          )}
        </chakra.fieldset>
      </form>
      {step === 'processing' && <ProcessingStep progress={wizard.progress} />}
      {step === 'approval' && wizard.result && (
        <ApprovalStep result={wizard.result} onContinue={() => goTo('success')} />
      )}
      {step === 'success' && <SuccessStepForVisitor onCreateAccount={() => goTo('create-account')} />}
      {step === 'create-account' && (
        <CreateAccountStep defaults={accountDefaults(form.getValues())} onCreated={() => goTo('account-created')} />
      )}
      {step === 'account-created' && <AccountCreatedStep />}
      {showsDisclaimer && DISCLAIMER}
    </>
  );
}

/** The step's title and heading, read by the texts that change with the step (StepHeading). */
const StepTitlesContext = createContext({ title: '', heading: '' });

/**
 * The step's title and heading. Memoized (its one prop never changes): a step change re-renders only the texts that
 * read StepTitlesContext, not the heading's Chakra parts.
 */
const StepHeading = memo(function StepHeading({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <Box mb="6">
      <StepTitle />
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none" scrollMarginTop="24">
        <StepHeadingText />
      </Heading>
    </Box>
  );
});

/** The title above the heading, where they differ (the steps after the form). */
function StepTitle() {
  const { title, heading } = useContext(StepTitlesContext);
  if (title === heading) return null;
  return (
    <Text fontSize="sm" fontWeight="semibold" color="brand.700" textTransform="uppercase" letterSpacing="wide">
      {title}
    </Text>
  );
}

function StepHeadingText() {
  return useContext(StepTitlesContext).heading;
}

/** The success step with the visitor's auth state: only this step reads it, so the wizard's steps do not. */
function SuccessStepForVisitor({ onCreateAccount }: { onCreateAccount: () => void }) {
  const auth = useAuth();
  return <SuccessStep isSignedIn={auth.isAuthenticated} onCreateAccount={onCreateAccount} />;
}
