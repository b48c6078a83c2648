import {
  applicationFormFields,
  applicationFormSchema,
  NEW_APPLICANT_STEPS,
  RESTRICTED_FIELDS,
  RETURNING_CLIENT_STEPS,
  returningApplicationFormFields,
  returningApplicationFormSchema,
  STEP_FIELDS,
  withAgreeingBusinessAge,
  type ApplicationField,
  type FormStep,
} from '@shared/schemas/application';
import type { z } from 'zod';

/** The returning client's welcome, in the toast and on the Upload Documents step. */
export const WELCOME_BACK =
  "We've pre-filled your information from your previous application. Please upload your latest bank statements.";

/** Every answer as typed (all text). */
export type WizardValues = Record<ApplicationField, string>;
export type WizardMode = 'new' | 'returning';
export type AfterStep = 'processing' | 'approval' | 'success' | 'create-account' | 'account-created';
export type WizardStep = FormStep | AfterStep;

export const EMPTY_VALUES: WizardValues = {
  loanAmount: '',
  businessName: '',
  ein: '',
  businessAddress: '',
  businessAddress2: '',
  businessStartDate: '',
  businessType: '',
  timeInBusiness: '',
  ownerName: '',
  ssn: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  estimatedCreditScore: '',
  monthlyRevenue: '',
  additionalInfo: '',
};

export function stepsFor(mode: WizardMode): readonly FormStep[] {
  return mode === 'returning' ? RETURNING_CLIENT_STEPS : NEW_APPLICANT_STEPS;
}

export function schemaFor(mode: WizardMode) {
  return mode === 'returning' ? returningApplicationFormSchema : applicationFormSchema;
}

const stepSchemas = new Map<string, z.ZodType>();

/**
 * The shared schema's rules for one step's fields: checking a step need not run every other field's rules (the
 * Next button's response time). Same rules, same messages; the one rule across fields (start date and time in
 * business agree) is checked on the step that holds both.
 */
export function stepSchemaFor(mode: WizardMode, step: FormStep): z.ZodType {
  const key = `${mode}:${step}`;
  let schema = stepSchemas.get(key);
  if (!schema) {
    const mask: Partial<Record<ApplicationField, true>> = {};
    for (const field of STEP_FIELDS[step]) mask[field] = true;
    const fields = mode === 'returning' ? returningApplicationFormFields : applicationFormFields;
    schema = withAgreeingBusinessAge(fields.pick(mask));
    stepSchemas.set(key, schema);
  }
  return schema;
}

/**
 * Makes each step's schema and runs it once on empty answers, so the first Next of a step does not pay for building
 * the schema and for the first run of its checks (~18 ms of the first Next at a 12x CPU slowdown). One job per step,
 * for idle moments (eachWhenIdle, src/lib/idle.ts): all of them at once made a long task of their own. They change
 * nothing.
 */
export function stepSchemaWarmers(mode: WizardMode): (() => void)[] {
  return stepsFor(mode)
    .filter((step) => STEP_FIELDS[step].length > 0)
    .map((step) => () => {
      stepSchemaFor(mode, step).safeParse(Object.fromEntries(STEP_FIELDS[step].map((field) => [field, ''])));
    });
}

export function isFormStep(step: WizardStep): step is FormStep {
  return (NEW_APPLICANT_STEPS as readonly string[]).includes(step);
}

/** The fields with a validation problem, for the whole answer set. */
export function invalidFields(values: WizardValues, mode: WizardMode): Set<string> {
  const result = schemaFor(mode).safeParse(values);
  return new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0] ?? '')));
}

/** The first form step whose answers are incomplete (documents count as incomplete: files never survive). */
export function firstIncompleteStep(values: WizardValues, mode: WizardMode): FormStep {
  const invalid = invalidFields(values, mode);
  for (const step of stepsFor(mode)) {
    if (step === 'documents') return step;
    if (STEP_FIELDS[step].some((field) => invalid.has(field))) return step;
  }
  return 'documents';
}

// Reload safety: non-restricted answers survive a reload in sessionStorage; SSN, EIN, birth date and
// files stay in memory only (docs/security.md F).
export const DRAFT_KEY = 'apply-wizard-draft:v1';
export type WizardDraft = { mode: WizardMode; step: FormStep; values: Partial<WizardValues> };

export function draftOf(mode: WizardMode, step: FormStep, values: WizardValues): WizardDraft {
  const kept: Partial<WizardValues> = { ...values };
  for (const field of RESTRICTED_FIELDS) delete kept[field];
  return { mode, step, values: kept };
}

/** A stored draft, or null when it is missing, malformed or from the other mode. */
export function parseDraft(raw: string | null, mode: WizardMode): WizardDraft | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<WizardDraft> | null;
    if (!parsed || parsed.mode !== mode || typeof parsed.values !== 'object' || parsed.values === null) return null;
    const values: Partial<WizardValues> = {};
    for (const field of Object.keys(EMPTY_VALUES) as ApplicationField[]) {
      if ((RESTRICTED_FIELDS as readonly string[]).includes(field)) continue;
      const value = (parsed.values as Record<string, unknown>)[field];
      if (typeof value === 'string') values[field] = value.slice(0, 6000);
    }
    const step = stepsFor(mode).find((candidate) => candidate === parsed.step) ?? stepsFor(mode)[0] ?? 'loan-amount';
    return { mode, step, values };
  } catch {
    return null;
  }
}

/** Where a restored draft resumes: the saved step, unless an earlier step lost answers (restricted ones, files). */
export function resumeStep(draft: WizardDraft, values: WizardValues): FormStep {
  const steps = stepsFor(draft.mode);
  const incomplete = firstIncompleteStep(values, draft.mode);
  return steps.indexOf(incomplete) < steps.indexOf(draft.step) ? incomplete : draft.step;
}

/** Splits the owner name at the first space (create-account prefill). */
export function splitOwnerName(ownerName: string): { firstName: string; lastName: string } {
  const trimmed = ownerName.trim();
  const index = trimmed.indexOf(' ');
  return index < 0
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, index), lastName: trimmed.slice(index + 1).trim() };
}

/** Parses a 400 answer ("field: message; other: message") into the fields it names. */
export function fieldErrorsFromText(text: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const part of text.split('; ')) {
    const match = /^([A-Za-z]+): (.+)$/.exec(part);
    if (match?.[1] && match[2] && !(match[1] in errors)) errors[match[1]] = match[2];
  }
  return errors;
}
