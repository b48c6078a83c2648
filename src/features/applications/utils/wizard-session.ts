// What the wizard keeps and makes outside React: the starting answers, the draft kept over a reload, the
// idempotency key of a payload and the processing screen's minimum time.
import { timeInBusinessFor } from '@shared/business-age';
import { DOCUMENT_FIELDS, type DocumentField } from '@shared/schemas/application';
import type { ClientProfile, WizardStart } from '../types';
import { DRAFT_KEY, EMPTY_VALUES, parseDraft, splitOwnerName, type WizardMode, type WizardValues } from './wizard';

/** The processing screen stays at least this long, so the analysis never flashes by. */
export const MIN_PROCESSING_MS = 3000;

export const modeOf = (boot: WizardStart | null): WizardMode =>
  boot?.profile?.data.lastApplication ? 'returning' : 'new';

export function initialValues(profile: ClientProfile | null): WizardValues {
  if (!profile) return EMPTY_VALUES;
  const { user, lastApplication: last } = profile.data;
  const ownerName = `${user.firstName} ${user.lastName}`.trim();
  if (!last) return { ...EMPTY_VALUES, ownerName, email: user.email, businessName: user.businessName };
  return {
    ...EMPTY_VALUES,
    // Prefilled from the last application with the loan amount left empty. SSN, EIN and birth date stay empty: the
    // server reuses the stored ones.
    businessName: last.businessName || user.businessName,
    businessAddress: last.businessAddress,
    businessAddress2: last.businessAddress2,
    businessStartDate: last.businessStartDate,
    businessType: last.businessType,
    // Time passes: the option the start date means today, so the answers the client does not see still agree.
    timeInBusiness: timeInBusinessFor(last.businessStartDate) ?? last.timeInBusiness,
    ownerName: last.ownerName || ownerName,
    email: last.email || user.email,
    phone: last.phone,
    estimatedCreditScore: String(last.estimatedCreditScore),
    monthlyRevenue: last.monthlyRevenue,
    additionalInfo: last.additionalInfo,
  };
}

/** The create-account step's starting answers, from the application just submitted. */
export function accountDefaults(values: WizardValues) {
  return { ...splitOwnerName(values.ownerName), email: values.email, businessName: values.businessName };
}

export function readStoredDraft(mode: WizardMode) {
  try {
    return parseDraft(window.sessionStorage.getItem(DRAFT_KEY), mode);
  } catch {
    return null;
  }
}

export function writeStoredDraft(value: string | null) {
  try {
    if (value === null) window.sessionStorage.removeItem(DRAFT_KEY);
    else window.sessionStorage.setItem(DRAFT_KEY, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the wizard still works, only reload safety is lost.
  }
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Starts the processing screen's clock; the returned wait resolves once it has been shown long enough. */
export function startMinimumDisplay(): () => Promise<void> {
  const started = performance.now();
  return () =>
    new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, started + MIN_PROCESSING_MS - performance.now())));
}

export function focusFirstDocumentError(errors: Partial<Record<DocumentField, string>>) {
  const first = DOCUMENT_FIELDS.find((field) => errors[field]);
  if (first) document.querySelector<HTMLInputElement>(`input[type="file"][name="${first}"]`)?.focus();
}
