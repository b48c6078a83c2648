import { z } from 'zod';
import { lenderEnvShape, toLenderConfig, type LenderConfig } from '../src/shared/lender';
import { parseDocumentKeyList } from './lib/crypto';

// The only reader of process.env. Defaults make a fresh checkout run with no .env.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^mysql:\/\/[^/]+\/[A-Za-z0-9_]+(\?.*)?$/, 'must look like mysql://user[:password]@host:port/database')
    .default('mysql://root@127.0.0.1:3306/funding'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  UPLOAD_DIR: z.string().min(1).default('var/uploads'),
  // /readyz answers 503 while the upload directory's file system has less free space than this (one submission is
  // at most 6 files of 10 MB), so a balancer stops sending work to an instance whose disk is full.
  UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(100),
  MAIL_DIR: z.string().min(1).default('var/mail'),
  VAR_DIR: z.string().min(1).default('var'),
  // The built client; defaults to dist/ next to the server bundle.
  DIST_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Summit Funding <no-reply@summitfunding.example>'),
  STAFF_EMAIL: z.string().email().default('underwriting@summitfunding.example'),
  // 32 bytes, base64 or hex. Without it, development generates one into var/ (mode 0600); production refuses to start.
  DATA_ENCRYPTION_KEY: z.string().optional(),
  // Master keys for stored documents: comma-separated `id:base64(32 bytes)`, the first one current (new files and
  // rotation), the others kept to read files not yet re-wrapped. `id:derived` is the key derived from
  // DATA_ENCRYPTION_KEY. Unset: development keeps a keyring file in VAR_DIR (0600); production uses `k0:derived`.
  DOCUMENT_KEYS: z.string().max(4096).optional(),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Comma-separated extra origins allowed on state-changing requests (the public URL is always allowed).
  ALLOWED_ORIGINS: z.string().default(''),
  // Number of reverse-proxy hops whose X-Forwarded-For is trusted (0: use the socket address).
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  // Production over plain http is refused unless this is set (local benchmarks and end-to-end runs only).
  ALLOW_INSECURE_HTTP: booleanFlag,
  // Rate limits can be raised for load tests; never disabled.
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(10_000).default(1),
  // How long an approved offer can be accepted, in days from when it was made (docs/product.md 8.6).
  OFFER_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // The lender's legal name, brand, contact details and licence lines (src/shared/lender.ts).
  ...lenderEnvShape,
});

export type Env = z.infer<typeof envSchema> & {
  isProduction: boolean;
  publicUrl: string;
  secureCookies: boolean;
  allowedOrigins: string[];
  lender: LenderConfig;
};

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // Empty strings in .env mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const isHttps = publicUrl.startsWith('https://');
  if (isProduction && !isHttps && !env.ALLOW_INSECURE_HTTP) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: must be https:// in production (set ALLOW_INSECURE_HTTP=true only for local runs)',
    );
  }
  if (isProduction && !env.DATA_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  DATA_ENCRYPTION_KEY: required in production (32 random bytes, base64: `openssl rand -base64 32`)',
    );
  }
  if (env.DOCUMENT_KEYS) {
    const parsed = parseDocumentKeyList(env.DOCUMENT_KEYS);
    if ('problem' in parsed) throw new ConfigError(`Invalid configuration:\n  DOCUMENT_KEYS: ${parsed.problem}`);
    if (parsed.entries.some((entry) => entry.value === 'derived') && !env.DATA_ENCRYPTION_KEY) {
      throw new ConfigError('Invalid configuration:\n  DOCUMENT_KEYS: a `derived` key needs DATA_ENCRYPTION_KEY');
    }
  }
  const origins = new Set([new URL(publicUrl).origin]);
  for (const origin of env.ALLOWED_ORIGINS.split(',')
    .map((value) => value.trim())
    .filter(Boolean)) {
    origins.add(new URL(origin).origin);
  }
  // The Vite dev server proxies API calls from its own origin.
  if (env.NODE_ENV === 'development') origins.add('http://localhost:5173');
  return {
    ...env,
    isProduction,
    publicUrl,
    secureCookies: isHttps,
    allowedOrigins: [...origins],
    lender: toLenderConfig(env),
  };
}

export class ConfigError extends Error {}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
