// npm run user:create -- --email E --password P --role admin|super_admin|client [--first-name F --last-name L] [--totp-secret BASE32]
// Creates (or updates the password and role of) an account. Staff enrol a second factor at first login,
// unless --totp-secret scripts it. The password is never printed.
import { parseArgs } from 'node:util';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { users } from '../drizzle/schema/index';
import { ROLES, type Role } from '../src/shared/constants';
import { emailSchema } from '../src/shared/schemas/auth';
import { hashPassword, passwordPolicyError } from '../server/auth/password';
import { createDatabase, prepareDatabase } from '../server/db';
import { getEnv } from '../server/env';
import { encryptField, loadDataKey } from '../server/lib/crypto';
import { newId } from '../server/lib/ids';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    'first-name': { type: 'string', default: 'Staff' },
    'last-name': { type: 'string', default: 'Member' },
    'totp-secret': { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

// The same email check as registration and staff creation (src/shared/schemas/auth.ts).
const parsedEmail = emailSchema().safeParse(values.email ?? '');
if (!parsedEmail.success) fail('--email must be a valid email address');
const email = parsedEmail.data;
if (!values.password) fail('--password is required');
const role = values.role as Role;
if (!ROLES.includes(role)) fail(`--role must be one of ${ROLES.join(', ')}`);
const policy = passwordPolicyError(values.password, { email });
if (policy) fail(`--password: ${policy}`);

const env = getEnv();
loadDataKey({ configured: env.DATA_ENCRYPTION_KEY, varDir: env.VAR_DIR, isProduction: env.isProduction });
await prepareDatabase(env.DATABASE_URL);
const database = createDatabase(env.DATABASE_URL, 2);
try {
  const passwordHash = await hashPassword(values.password);
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const id = existing?.id ?? newId();
  let totpSecretEnc: string | undefined;
  if (values['totp-secret']) {
    let key: Uint8Array;
    try {
      key = decodeBase32IgnorePadding(values['totp-secret'].toUpperCase().replace(/\s/g, ''));
    } catch {
      fail('--totp-secret must be base32');
    }
    if (key.length < 16) fail('--totp-secret must hold at least 128 bits');
    totpSecretEnc = encryptField(Buffer.from(key).toString('base64'), `users.totp:${id}`);
  }
  if (existing) {
    await database.db.update(users).set({ passwordHash, role, isActive: true, ...(totpSecretEnc ? { totpSecretEnc } : {}) }).where(eq(users.id, id));
    process.stdout.write(`Updated ${role} account ${email}.\n`);
  } else {
    await database.db.insert(users).values({
      id,
      email,
      passwordHash,
      role,
      firstName: values['first-name'],
      lastName: values['last-name'],
      totpSecretEnc: totpSecretEnc ?? null,
      emailVerifiedAt: new Date(),
    });
    process.stdout.write(`Created ${role} account ${email}.\n`);
  }
} finally {
  await database.close();
}
