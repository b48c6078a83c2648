import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '../constants';
import {
  DECISION_NOTE_MAX_LENGTH,
  DECISION_REASON_CODES,
  MAX_DECISION_REASONS,
  OTHER_REASON_MAX_LENGTH,
  isAdverseReason,
} from '../decisions';
import { isRealIsoDate } from '../calendar';
import { emailSchema, requiredText } from './auth';
import { ASSIGNEE_FILTERS } from './back-office-work';
import type { LowerPaymentRequestDto, OfferSignatureDto } from './offers';

// Back office. Literal filter values come from the product's text.

/** Statuses staff may set from the row selector; `funded` and `incomplete` are never set by hand. */
export const STAFF_SETTABLE_STATUSES = ['pending', 'review', 'approved', 'declined'] as const;
export const staffStatusSchema = z.enum(STAFF_SETTABLE_STATUSES);
export type StaffStatus = z.infer<typeof staffStatusSchema>;

export const APPLICATION_STATUS_FILTERS = ['all', 'pending', 'approved', 'declined'] as const;
export const AI_STATUS_FILTERS = ['all', 'approved', 'declined', 'review'] as const;
export const ACTIVE_FILTERS = ['all', 'active', 'inactive'] as const;
export const STAFF_ROLES = ['admin', 'super_admin'] as const;
export const REVEAL_FIELDS = ['ssn', 'ein', 'dateOfBirth'] as const;

const id = z.string().trim().min(1, 'Id is required').max(64);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => value?.trim() || undefined);

/** A search term: trimmed, runs of spaces as one ("Jane  Do" finds Jane Doe), empty meaning none. */
const searchText = optionalText(100).transform((value) => value?.replace(/\s+/g, ' '));

/** REST query strings arrive as text: page and limit are coerced, empty strings mean "not given". */
const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);
const pageLimit = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE);

/**
 * Keyset paging: `cursor` is an opaque token from the previous answer; `direction` says whether it marks the
 * end of the page before (`next`) or the start of the page after (`prev`). `page` alone (no cursor) is only
 * honoured for the first pages, because OFFSET costs grow with depth.
 */
const paging = {
  page: pageNumber,
  limit: pageLimit,
  cursor: optionalText(200),
  direction: z.enum(['next', 'prev']).default('next'),
};

/** A calendar day 'YYYY-MM-DD' (UTC) bounding the applications list by when they were made; empty means none. */
const createdDay = optionalText(10).refine((value) => value === undefined || isRealIsoDate(value), {
  message: 'Please enter a date as YYYY-MM-DD',
});

export const listApplicationsSchema = z
  .object({
    search: searchText,
    /** Made on or after this day, and on or before `createdTo` (both included). */
    createdFrom: createdDay,
    createdTo: createdDay,
    status: z.enum(APPLICATION_STATUS_FILTERS).default('all'),
    aiApproved: z.enum(AI_STATUS_FILTERS).default('all'),
    assignee: z.enum(ASSIGNEE_FILTERS).default('all'),
    ...paging,
  })
  .strict();
export type ListApplicationsInput = z.input<typeof listApplicationsSchema>;
export type ListApplicationsQuery = z.output<typeof listApplicationsSchema>;

export const listApplicantsSchema = z
  .object({
    search: searchText,
    isActive: z.enum(ACTIVE_FILTERS).default('all'),
    assignee: z.enum(ASSIGNEE_FILTERS).default('all'),
    ...paging,
  })
  .strict();
export type ListApplicantsInput = z.input<typeof listApplicantsSchema>;
export type ListApplicantsQuery = z.output<typeof listApplicantsSchema>;

export const exportApplicantsSchema = z
  .object({ search: searchText, isActive: z.enum(ACTIVE_FILTERS).default('all') })
  .strict();
export type ExportApplicantsQuery = z.output<typeof exportApplicantsSchema>;

export const listLoansSchema = z.object({ assignee: z.enum(ASSIGNEE_FILTERS).default('all'), ...paging }).strict();
export type ListLoansQuery = z.output<typeof listLoansSchema>;

export const listRefinanceSchema = z.object({ assignee: z.enum(ASSIGNEE_FILTERS).default('all'), ...paging }).strict();
export type ListRefinanceQuery = z.output<typeof listRefinanceSchema>;

export const byIdSchema = z.object({ id }).strict();
export const byEmailSchema = z.object({ email: emailSchema() }).strict();

/**
 * A status change. Approving or declining is a decision: it takes 1-4 principal reasons from the one list
 * (src/shared/decisions.ts), the applicant-facing sentence when "other" is among them, and an optional staff note.
 * Pending and review take none. The same body serves the selector and `PUT /api/admin/applications/{id}/status`.
 */
export const setApplicationStatusSchema = z
  .object({
    id,
    status: staffStatusSchema,
    reasons: z.array(z.enum(DECISION_REASON_CODES, 'Choose reasons from the list')).max(20).optional(),
    otherReason: optionalText(OTHER_REASON_MAX_LENGTH),
    note: optionalText(DECISION_NOTE_MAX_LENGTH),
  })
  .strict()
  .superRefine((input, ctx) => {
    const reasons = [...new Set(input.reasons ?? [])];
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.status !== 'approved' && input.status !== 'declined') {
      if (reasons.length > 0 || input.otherReason || input.note)
        issue('reasons', 'Reasons are given only when approving or declining');
      return;
    }
    if (reasons.length === 0) {
      issue(
        'reasons',
        `Choose at least one principal reason for ${input.status === 'declined' ? 'declining' : 'approving'}`,
      );
      return;
    }
    if (reasons.length > MAX_DECISION_REASONS)
      issue('reasons', `Choose at most ${MAX_DECISION_REASONS} principal reasons`);
    if (input.status === 'declined' && reasons.some((code) => !isAdverseReason(code)))
      issue('reasons', 'A decline takes reasons against the application only');
    if (reasons.includes('other') && !input.otherReason)
      issue('otherReason', 'Describe the other reason in words the applicant will read');
    if (!reasons.includes('other') && input.otherReason)
      issue('otherReason', 'Choose "Staff judgement: other" to give a reason of your own');
  });
export type SetApplicationStatusInput = z.output<typeof setApplicationStatusSchema>;

/** A full SSN/EIN/birth date is shown only for a stated reason and a fresh authenticator code. */
export const revealPiiSchema = z
  .object({
    id,
    field: z.enum(REVEAL_FIELDS),
    reason: requiredText('Please give a reason for revealing this value', 300).pipe(
      z.string().min(10, 'Please describe the reason in at least 10 characters'),
    ),
    code: z
      .string()
      .trim()
      .max(6, { error: 'Enter the 6-digit code from your authenticator app', abort: true })
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
  })
  .strict();
export type RevealPiiInput = z.infer<typeof revealPiiSchema>;

const isoDate = z
  .string()
  .max(10, { error: 'Enter a date as YYYY-MM-DD', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'Enter a real date',
  );

export const recordPaymentSchema = z
  .object({
    loanId: id,
    amountCents: z
      .number({ error: 'Enter the amount received' })
      .int('Amount must be in whole cents')
      .min(1, 'Amount must be greater than zero')
      .max(1_000_000_000, 'Amount is too large'),
    paidOn: isoDate,
    note: optionalText(500),
  })
  .strict();
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

/** Parses a typed dollar amount ("1,234.50", "$1234.5") into integer cents; null when it is not money. */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const createStaffSchema = z
  .object({
    email: emailSchema(),
    firstName: requiredText('First name is required', 100),
    lastName: requiredText('Last name is required', 100),
    role: z.enum(STAFF_ROLES),
  })
  .strict();
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

export const setStaffRoleSchema = z.object({ id, role: z.enum(STAFF_ROLES) }).strict();
export const setStaffActiveSchema = z.object({ id, isActive: z.boolean() }).strict();

/** The AI decision labels, as the product words them. */
export function aiDecisionLabel(value: string | null | undefined): string {
  if (value === 'approved') return 'AI Approved';
  if (value === 'declined') return 'AI Declined';
  if (value === 'review') return 'Needs Review';
  return 'Unknown';
}

export function applicationStatusLabel(value: string): string {
  if (value === 'review') return 'Under Review';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * Additions to the staff application detail (admin.applicationById): the client's electronic signature of
 * the accepted offer (null before acceptance) and the lower-payment requests on the application's loan, newest
 * first. The loan payments dialog (admin.loanPayments) carries the same `lowerPaymentRequests`.
 */
export type ApplicationOfferExtrasDto = {
  signature: OfferSignatureDto | null;
  lowerPaymentRequests: LowerPaymentRequestDto[];
};
