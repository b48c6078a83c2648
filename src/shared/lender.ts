import { z } from 'zod';

// Every lender-specific detail the site shows (contact cards, footer, legal pages, emails). The server reads the
// LENDER_* keys through server/env.ts; the client build reads the same keys (vite.config.ts) and bakes them in.
// The defaults are the details of a fictional demo lender, so a fresh clone runs; a real deployment sets them all.
const line = z.string().trim().min(1).max(200);
const lineList = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  // Several lines in one key, separated by `|`.
  .transform((value) =>
    value
      .split('|')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(line).min(1).max(20));

export const lenderEnvShape = {
  LENDER_LEGAL_NAME: line.default('Summit Funding Demo LLC'),
  LENDER_BRAND_NAME: z.string().trim().min(1).max(60).default('Summit Funding'),
  LENDER_ADDRESS: lineList.default(['1200 Summit Plaza, Suite 400', 'Dallas, TX 75201']),
  LENDER_PHONE: z
    .string()
    .trim()
    .regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'must look like (800) 555-0142')
    .default('(800) 555-0142'),
  LENDER_SUPPORT_EMAIL: z.email('must be an email address').default('support@summitfunding.example'),
  LENDER_HOURS: line.default('Monday-Friday 8:00 AM - 7:00 PM EST'),
  LENDER_NMLS_ID: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'must be the NMLS number, digits only')
    .optional(),
  LENDER_LICENSES: lineList.default([
    'Demonstration configuration: Summit Funding Demo LLC is a fictional lender and holds no licences.',
  ]),
} as const;

export const lenderEnvSchema = z.object(lenderEnvShape);
export type LenderEnv = z.infer<typeof lenderEnvSchema>;

export type LenderConfig = {
  legalName: string;
  brandName: string;
  addressLines: string[];
  address: string;
  phone: string;
  phoneHref: string;
  supportEmail: string;
  hours: string;
  nmlsId: string | null;
  licenseLines: string[];
};

export function toLenderConfig(env: LenderEnv): LenderConfig {
  return {
    legalName: env.LENDER_LEGAL_NAME,
    brandName: env.LENDER_BRAND_NAME,
    addressLines: env.LENDER_ADDRESS,
    address: env.LENDER_ADDRESS.join(', '),
    phone: env.LENDER_PHONE,
    phoneHref: `tel:+1${env.LENDER_PHONE.replace(/\D/g, '')}`,
    supportEmail: env.LENDER_SUPPORT_EMAIL,
    hours: env.LENDER_HOURS,
    nmlsId: env.LENDER_NMLS_ID ?? null,
    licenseLines: env.LENDER_LICENSES,
  };
}

/** Parses the LENDER_* keys of an environment (empty values count as unset); the message names each bad key. */
export function parseLenderEnv(source: Record<string, string | undefined>): LenderConfig {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(lenderEnvShape)) {
    const value = source[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const result = lenderEnvSchema.safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid lender configuration:\n${lines.join('\n')}`);
  }
  return toLenderConfig(result.data);
}
