import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_RE } from '../email';
import { boundedString, registerSchema } from './auth';
import type { OfferOptionDto } from './offers';
import { CONSENT_MESSAGES } from '../consents';
import { businessAgeAgrees } from '../business-age';
import { ageOn, isRealIsoDate, todayUtc } from '../calendar';
import {
  BUSINESS_TYPES,
  LOAN_AMOUNT_MAX,
  LOAN_AMOUNT_MIN,
  MAX_BANK_STATEMENTS,
  MAX_FILE_BYTES,
  MONTHLY_REVENUE_BANDS,
  TIME_IN_BUSINESS,
} from '../constants';

// The wizard's validation rules with the product's literal messages, shared by the wizard and
// POST /api/loan-application-enhanced. Messages the product text does not give (format of EIN and phone, real dates,
// ages, lengths, files) are ours; they only appear when the product's rule is already met.
export const APPLICATION_MESSAGES = {
  loanAmountRequired: 'Loan amount is required',
  loanAmountInvalid: 'Please enter a valid loan amount',
  loanAmountMin: 'Minimum loan amount is $10,000',
  loanAmountMax: 'Maximum loan amount is $5,000,000',
  businessNameRequired: 'Business name is required',
  einRequired: 'EIN number is required',
  einFormat: 'Please enter a valid EIN format (XX-XXXXXXX)',
  businessAddressRequired: 'Business address is required',
  businessStartDateRequired: 'Business start date is required',
  businessStartDateInvalid: 'Please enter a valid business start date',
  businessStartDateFuture: 'Business start date cannot be in the future',
  businessTypeRequired: 'Business type is required',
  timeInBusinessRequired: 'Time in business is required',
  timeInBusinessMismatch: 'Time in business does not match the business start date',
  ownerNameRequired: 'Owner name is required',
  ssnRequired: 'Social Security Number is required',
  ssnFormat: 'Please enter a valid SSN format (XXX-XX-XXXX)',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Please enter a valid phone number ((XXX) XXX-XXXX)',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  dateOfBirthAge: 'Applicants must be between 18 and 120 years old',
  creditScoreRequired: 'Estimated credit score is required',
  creditScoreRange: 'Credit score must be between 300 and 850',
  monthlyRevenueRequired: 'Monthly revenue is required',
  additionalInfoMax: 'Additional information must be at most 5,000 characters',
  bankStatementsRequired: 'At least one bank statement is required',
  bankStatementsMax: `You can upload up to ${MAX_BANK_STATEMENTS} bank statements`,
  driversLicenseRequired: "Driver's license is required",
  voidedCheckRequired: 'Voided check is required',
  oneFileOnly: 'Only one file is allowed',
  fileType: 'Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed',
  fileSize: 'Each file must be 10MB or smaller',
  fileEmpty: 'The file is empty',
  fileContent: 'The file content does not match its type',
  // Server-side content screening: the type is right but the content is not accepted.
  filePdfActiveContent:
    'PDFs with scripts or attached files are not accepted; please upload a plain copy (Print to PDF)',
  fileImageTooLarge: 'Images must be at most 50 megapixels and 20,000 pixels on a side',
  fileRefused: 'This file cannot be accepted; please upload a different copy',
} as const;

const M = APPLICATION_MESSAGES;

export const SSN_RE = /^\d{3}-\d{2}-\d{4}$/;
export const EIN_RE = /^\d{2}-\d{7}$/;
export const PHONE_RE = /^\(\d{3}\) \d{3}-\d{4}$/;
export const ADDITIONAL_INFO_MAX = 5000;

/** Unicode normalised once, trimmed: whitespace-only text counts as empty. */
const text = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().min(1, requiredMessage));

const boundedText = (requiredMessage: string, max: number) =>
  text(requiredMessage).pipe(z.string().max(max, `Must be at most ${max} characters`));

/** A select whose value must be one of the listed options; anything else reads as "not chosen". */
const choice = <T extends readonly [string, ...string[]]>(options: T, requiredMessage: string) =>
  z.string({ error: requiredMessage }).pipe(z.enum(options, { error: requiredMessage }));

/** Typed digits and commas ('250,000') or a number; whole dollars out. */
export const loanAmountSchema = z
  .union([z.string(), z.number()], { error: M.loanAmountRequired })
  .transform((value, ctx) => {
    const raw = typeof value === 'number' ? String(value) : value.replace(/,/g, '').trim();
    if (raw === '') {
      ctx.addIssue({ code: 'custom', message: M.loanAmountRequired });
      return z.NEVER;
    }
    if (!/^\d{1,10}$/.test(raw)) {
      ctx.addIssue({ code: 'custom', message: M.loanAmountInvalid });
      return z.NEVER;
    }
    return Number(raw);
  })
  .pipe(z.number().min(LOAN_AMOUNT_MIN, M.loanAmountMin).max(LOAN_AMOUNT_MAX, M.loanAmountMax));

// Formats are checked only on text short enough to match: a longer value is refused by its length alone.
export const einSchema = text(M.einRequired).pipe(boundedString(10, M.einFormat).regex(EIN_RE, M.einFormat));
export const ssnSchema = text(M.ssnRequired).pipe(boundedString(11, M.ssnFormat).regex(SSN_RE, M.ssnFormat));
export const phoneSchema = text(M.phoneRequired).pipe(boundedString(14, M.phoneFormat).regex(PHONE_RE, M.phoneFormat));
export const applicantEmailSchema = text(M.emailRequired)
  .transform((value) => value.toLowerCase())
  .pipe(boundedString(EMAIL_MAX_LENGTH, M.emailInvalid).regex(EMAIL_RE, M.emailInvalid));

// Each rule runs only when the one before it passed, so a field reports one message at a time.
export const businessStartDateSchema = text(M.businessStartDateRequired)
  .pipe(boundedString(10, M.businessStartDateInvalid).refine(isRealIsoDate, M.businessStartDateInvalid))
  .pipe(z.string().refine((value) => value <= todayUtc(), M.businessStartDateFuture));

export const dateOfBirthSchema = text(M.dateOfBirthRequired)
  .pipe(boundedString(10, M.dateOfBirthInvalid).refine(isRealIsoDate, M.dateOfBirthInvalid))
  .pipe(
    z.string().refine((value) => {
      const age = ageOn(value, todayUtc());
      return age >= 18 && age <= 120;
    }, M.dateOfBirthAge),
  );

/** The select's value ('750') or a number; the rule is the 300-850 range. */
export const creditScoreSchema = z
  .union([z.string(), z.number()], { error: M.creditScoreRequired })
  .transform((value, ctx) => {
    const raw = typeof value === 'number' ? String(value) : value.trim();
    if (raw === '') {
      ctx.addIssue({ code: 'custom', message: M.creditScoreRequired });
      return z.NEVER;
    }
    if (!/^\d{1,4}$/.test(raw)) {
      ctx.addIssue({ code: 'custom', message: M.creditScoreRange });
      return z.NEVER;
    }
    return Number(raw);
  })
  .pipe(z.number().min(300, M.creditScoreRange).max(850, M.creditScoreRange));

const optionalText = (max: number, message = `Must be at most ${max} characters`) =>
  z
    .string()
    .optional()
    .transform((value) => value?.normalize('NFC').trim() ?? '')
    .pipe(z.string().max(max, message))
    .transform((value) => (value === '' ? null : value));

const applicationShape = {
  loanAmount: loanAmountSchema,
  businessName: boundedText(M.businessNameRequired, 200),
  ein: einSchema,
  businessAddress: boundedText(M.businessAddressRequired, 300),
  businessAddress2: optionalText(300),
  businessStartDate: businessStartDateSchema,
  businessType: choice(BUSINESS_TYPES, M.businessTypeRequired),
  timeInBusiness: choice(TIME_IN_BUSINESS, M.timeInBusinessRequired),
  ownerName: boundedText(M.ownerNameRequired, 200),
  ssn: ssnSchema,
  email: applicantEmailSchema,
  phone: phoneSchema,
  dateOfBirth: dateOfBirthSchema,
  estimatedCreditScore: creditScoreSchema,
  monthlyRevenue: choice(MONTHLY_REVENUE_BANDS, M.monthlyRevenueRequired),
  additionalInfo: optionalText(ADDITIONAL_INFO_MAX, M.additionalInfoMax),
  // Sent by the wizard but decided by the server: honoured only for a signed-in client.
  isExistingClient: z.boolean().optional(),
};

/**
 * The start date and the time in business must agree (src/shared/business-age.ts); the message goes under Time in
 * Business. Checked even while other fields are wrong, so one Next shows every message of the step.
 */
export function withAgreeingBusinessAge<T extends z.ZodType<object>>(schema: T): T {
  return schema.refine((answers) => businessAgeAgrees(answers), {
    path: ['timeInBusiness'],
    message: M.timeInBusinessMismatch,
    when: () => true,
  });
}

/** A new applicant's answers, each field on its own (the wizard checks one step's fields with `.pick`). */
export const applicationFormFields = z.object(applicationShape).strict();
/** A new applicant's answers. Unknown keys are refused, never stripped (no mass assignment). */
export const applicationFormSchema = withAgreeingBusinessAge(applicationFormFields);
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationFormData = z.output<typeof applicationFormSchema>;

/** Empty means "keep the value of my last application" (returning clients never see their full SSN or EIN). */
const reusable = <T extends z.ZodType<string>>(schema: T) =>
  z.union([z.literal('').transform(() => null), z.undefined().transform(() => null), schema]);

/** A returning client's answers, each field on its own: SSN, EIN and birth date may be left empty. */
export const returningApplicationFormFields = z
  .object({
    ...applicationShape,
    ssn: reusable(ssnSchema),
    ein: reusable(einSchema),
    dateOfBirth: reusable(dateOfBirthSchema),
  })
  .strict();
/** A returning client's answers: SSN, EIN and birth date may be left empty to reuse the stored ones. */
export const returningApplicationFormSchema = withAgreeingBusinessAge(returningApplicationFormFields);
export type ReturningApplicationFormData = z.output<typeof returningApplicationFormSchema>;

// A ticked box, never assumed: missing or false gives the box's own message.
const consentSchema = (message: string) => z.boolean({ error: message }).refine((value) => value, message);

/** The Review step's authorisations (wording and version in src/shared/consents.ts), both required to submit. */
export const consentShape = {
  consentVerification: consentSchema(CONSENT_MESSAGES.verification),
  consentElectronicRecords: consentSchema(CONSENT_MESSAGES.electronicRecords),
};
export type ConsentField = keyof typeof consentShape;
export const CONSENT_FIELDS = Object.keys(consentShape) as ConsentField[];
export type ConsentValues = Record<ConsentField, boolean>;

/** What POST /api/loan-application-enhanced validates: the answers and the authorisations. */
export const applicationSubmissionSchema = withAgreeingBusinessAge(applicationFormFields.extend(consentShape));
export const returningApplicationSubmissionSchema = withAgreeingBusinessAge(
  returningApplicationFormFields.extend(consentShape),
);

/** The wizard's form steps and the fields each one validates. */
export const NEW_APPLICANT_STEPS = ['loan-amount', 'business', 'personal', 'financial', 'documents', 'review'] as const;
export const RETURNING_CLIENT_STEPS = ['loan-amount', 'documents', 'review'] as const;
export type FormStep = (typeof NEW_APPLICANT_STEPS)[number];
export type ApplicationField = Exclude<keyof typeof applicationShape, 'isExistingClient'>;

export const STEP_FIELDS: Record<FormStep, readonly ApplicationField[]> = {
  'loan-amount': ['loanAmount'],
  business: [
    'businessName',
    'ein',
    'businessAddress',
    'businessAddress2',
    'businessStartDate',
    'businessType',
    'timeInBusiness',
  ],
  personal: ['ownerName', 'ssn', 'email', 'phone', 'dateOfBirth', 'estimatedCreditScore'],
  financial: ['monthlyRevenue', 'additionalInfo'],
  documents: [],
  review: [],
};

/** Restricted data: kept in memory only, never in browser storage. */
export const RESTRICTED_FIELDS = ['ssn', 'ein', 'dateOfBirth'] as const;

// Files: PDF or image, 10 MB each, 1-4 statements, one licence, one check.
export const DOCUMENT_FIELDS = ['bankStatements', 'driversLicense', 'voidedCheck'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/** Declared types accepted, by the family the server's magic-byte check must find. */
export const ACCEPTED_FILE_TYPES = {
  pdf: { mimeTypes: ['application/pdf', 'application/x-pdf'], extensions: ['pdf'] },
  jpeg: { mimeTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg', 'jfif'] },
  png: { mimeTypes: ['image/png'], extensions: ['png'] },
  webp: { mimeTypes: ['image/webp'], extensions: ['webp'] },
  heic: {
    mimeTypes: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
    extensions: ['heic', 'heif'],
  },
} as const;
export type AcceptedFileKind = keyof typeof ACCEPTED_FILE_TYPES;
export const FILE_INPUT_ACCEPT = [
  ...Object.values(ACCEPTED_FILE_TYPES).flatMap((kind) => kind.mimeTypes),
  ...Object.values(ACCEPTED_FILE_TYPES).flatMap((kind) => kind.extensions.map((ext) => `.${ext}`)),
].join(',');

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The kind a declared MIME type (or, when the browser gives none, the extension) claims; null when they disagree. */
export function declaredFileKind(file: { name: string; type: string }): AcceptedFileKind | null {
  const type = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  const extension = extensionOf(file.name);
  const isGeneric = type === '' || type === 'application/octet-stream';
  for (const kind of Object.keys(ACCEPTED_FILE_TYPES) as AcceptedFileKind[]) {
    const accepted = ACCEPTED_FILE_TYPES[kind];
    const typeMatches = (accepted.mimeTypes as readonly string[]).includes(type);
    const extensionMatches = (accepted.extensions as readonly string[]).includes(extension);
    if (typeMatches && (extension === '' || extensionMatches)) return kind;
    if (isGeneric && extensionMatches) return kind;
  }
  return null;
}

/** What is wrong with one chosen file, or null (checked in the browser and again on the server). */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!declaredFileKind(file)) return M.fileType;
  if (file.size > MAX_FILE_BYTES) return M.fileSize;
  if (file.size < 1) return M.fileEmpty;
  return null;
}

/** Which required documents are missing; returning clients need only new bank statements. */
export function documentErrors(
  counts: Record<DocumentField, number>,
  opts: { isExistingClient: boolean },
): Partial<Record<DocumentField, string>> {
  const errors: Partial<Record<DocumentField, string>> = {};
  if (counts.bankStatements < 1) errors.bankStatements = M.bankStatementsRequired;
  else if (counts.bankStatements > MAX_BANK_STATEMENTS) errors.bankStatements = M.bankStatementsMax;
  if (counts.driversLicense > 1) errors.driversLicense = M.oneFileOnly;
  else if (!opts.isExistingClient && counts.driversLicense < 1) errors.driversLicense = M.driversLicenseRequired;
  if (counts.voidedCheck > 1) errors.voidedCheck = M.oneFileOnly;
  else if (!opts.isExistingClient && counts.voidedCheck < 1) errors.voidedCheck = M.voidedCheckRequired;
  return errors;
}

/** GET /api/client/profile: SSN and EIN masked, no birth date, monthly revenue as its band. */
export type ClientProfileDto = {
  success: true;
  data: {
    user: { firstName: string; lastName: string; email: string; businessName: string };
    lastApplication: {
      loanAmount: number;
      businessName: string;
      ein: string;
      businessAddress: string;
      businessAddress2: string;
      businessStartDate: string;
      businessType: string;
      timeInBusiness: string;
      ownerName: string;
      ssn: string;
      email: string;
      phone: string;
      estimatedCreditScore: number;
      monthlyRevenue: string;
      additionalInfo: string;
    } | null;
  };
};

/** What the wizard loads on start: the returning-client profile (signed-in clients only) and the maps key. */
export type WizardStartDto = { profile: ClientProfileDto | null; mapsApiKey: string; mapsKeyConfigured: boolean };

/** The Idempotency-Key header of a submission: a UUID the browser makes once per payload. */
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency-Key header is required' })
  .trim()
  .min(1, 'Idempotency-Key header is required')
  .max(36, { error: 'Idempotency-Key must be a UUID', abort: true })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Idempotency-Key must be a UUID');

/** The create-account step: the platform's registration rules plus the confirmation. */
export const createAccountFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    // Report a mismatch even while other fields still have errors.
    when: () => true,
  });
export type CreateAccountFormInput = z.input<typeof createAccountFormSchema>;
export type CreateAccountFormData = z.output<typeof createAccountFormSchema>;

/**
 * The submission answer (POST /api/loan-application-enhanced, next to `success`, `applicationId` and
 * `data`) carries the offer menu for the approval screen of signed-out applicants: the options when the engine
 * approved, else []. Signing happens in the portal (client.acceptFunding), after the account exists.
 */
export type ApplicationSubmissionOffersDto = { offers: OfferOptionDto[] };
