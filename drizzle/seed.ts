// npm run db:seed -- [--applications N] [--database NAME] [--fresh]
//
// Demo data for local development and benchmarks (PRODUCT.md 1): client accounts, applications in every
// status, underwriting results, loans with schedules and payments, refinance requests and rewards progress.
// Everything is synthetic: names from word lists, addresses on "Example" streets, emails at seed.example,
// SSNs in the never-issued 9xx range. PII columns are encrypted like real submissions.
// Rows go in with multi-row INSERTs (1,000 per statement), so `--applications 1000000` takes minutes.
// `--fresh` drops and recreates the target database first; it refuses to run in production.
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { hashPassword } from '../server/auth/password';
import { createDatabase, prepareDatabase, splitDatabaseUrl } from '../server/db';
import { getEnv } from '../server/env';
import { loadDataKey, randomToken } from '../server/lib/crypto';
import { encryptApplicationPii } from '../server/lib/pii';
import { RECOUNT_LIST_COUNTERS_SQL } from '../server/services/back-office/index';
import { buildWeeklySchedule, addDays, deriveLoanState } from '../server/services/loans/index';
import { MILESTONE_CATALOG, ensureReferenceData } from '../server/services/rewards/index';
import { BUSINESS_TYPES, MONTHLY_REVENUE_BANDS, TIME_IN_BUSINESS } from '../src/shared/constants';

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '300' },
    database: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'random-seed': { type: 'string', default: '20260101' },
  },
});

const applicationCount = Number(values.applications);
if (!Number.isInteger(applicationCount) || applicationCount < 10 || applicationCount > 5_000_000) {
  throw new Error('--applications must be a whole number between 10 and 5,000,000');
}

const env = getEnv();
if (env.isProduction) throw new Error('The seed writes demo data and never runs with NODE_ENV=production');
let databaseUrl = env.DATABASE_URL;
if (values.database) {
  if (!/^[A-Za-z0-9_]+$/.test(values.database)) throw new Error('--database must be letters, digits and _');
  const url = new URL(databaseUrl);
  url.pathname = `/${values.database}`;
  databaseUrl = url.toString();
}

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness: the same --random-seed gives the same names, amounts and dates.
// ---------------------------------------------------------------------------------------------------------------
let state = Number(values['random-seed']) >>> 0 || 1;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (p: number) => random() < p;
const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Ids are random (a second run adds rows next to the first); names, amounts and dates follow the seed. */
function seededId(): string {
  return randomUUID();
}

const FIRST_NAMES = [
  'Avery',
  'Blake',
  'Carmen',
  'Dana',
  'Elena',
  'Felix',
  'Grace',
  'Hector',
  'Imani',
  'Jonah',
  'Keiko',
  'Luis',
  'Maya',
  'Nikhil',
  'Olivia',
  'Priya',
  'Quentin',
  'Rosa',
  'Samir',
  'Tessa',
  'Umar',
  'Violet',
  'Wesley',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Andre',
  'Beatriz',
  'Caleb',
  'Delia',
  'Emmett',
  'Farah',
  'Gideon',
  'Hana',
  'Isaac',
  'Jada',
  'Kofi',
  'Leah',
  'Marcus',
  'Nora',
  'Omar',
  'Paloma',
  'Rafael',
  'Sofia',
  'Theo',
  'Uma',
  'Victor',
  'Willa',
];
const LAST_NAMES = [
  'Abbott',
  'Baker',
  'Castillo',
  'Dalton',
  'Ellison',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibarra',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreno',
  'Nakamura',
  'Okafor',
  'Patel',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Underwood',
  'Vasquez',
  'Whitaker',
  'Xu',
  'Yamamoto',
  'Zimmerman',
  'Alvarez',
  'Brennan',
  'Chowdhury',
  'Duarte',
  'Eriksen',
  'Fontaine',
  'Gallagher',
  'Holloway',
  'Iverson',
  'Jovanovic',
  'Keller',
  'Lopez',
  'Mbeki',
  'Novak',
];
const NAME_ADJECTIVES = [
  'Golden',
  'Summit',
  'Blue',
  'Evergreen',
  'Harbor',
  'Maple',
  'Northern',
  'Silver',
  'Coastal',
  'Prairie',
  'Cedar',
  'Bright',
  'Copper',
  'Granite',
  'Riverbend',
  'Sunrise',
  'Urban',
  'Lakeside',
  'Pioneer',
  'Redwood',
  'Keystone',
  'Liberty',
  'Meadow',
  'Oak',
  'Pacific',
  'Quarry',
  'Sterling',
  'Trinity',
  'Valley',
  'Willow',
  'Atlas',
  'Beacon',
];
const NAME_NOUNS = [
  'Bakery',
  'Auto Repair',
  'Dental',
  'Fitness',
  'Coffee',
  'Construction',
  'Landscaping',
  'Logistics',
  'Bistro',
  'Print Shop',
  'Pharmacy',
  'Boutique',
  'Plumbing',
  'Electric',
  'Tech Labs',
  'Veterinary',
  'Florist',
  'Hardware',
  'Brewing',
  'Cleaning',
  'Salon',
  'Tailoring',
  'Catering',
  'Furniture',
  'Optics',
  'Roofing',
  'Daycare',
  'Studio',
];
const NAME_SUFFIXES = ['LLC', 'Inc', 'Co', 'Group', 'Partners', '& Sons', 'Supply', 'Works'];
const STREETS = ['Example Ave', 'Sample St', 'Test Blvd', 'Demo Rd', 'Placeholder Ln', 'Fictional Way'];
const CITIES = [
  ['Springfield', 'IL', '627'],
  ['Riverton', 'WY', '825'],
  ['Fairview', 'TX', '750'],
  ['Greenville', 'SC', '296'],
  ['Madison', 'WI', '537'],
  ['Salem', 'OR', '973'],
] as const;
const REFINANCE_REASONS = [
  'Cash flow is tighter this season; we would like a longer term and a lower weekly payment.',
  'We are opening a second location and want to consolidate this advance with new funding.',
  'A large customer pays on 60-day terms now; refinancing would smooth our weekly payments.',
  'Revenue grew 30% since funding; we would like a larger amount at a better factor rate.',
];

const DAY_MS = 86_400_000;
const now = new Date();
const today = now.toISOString().slice(0, 10);
const dollars = (min: number, max: number, step: number) => int(min / step, max / step) * step;
const address = () => {
  const [city, stateCode, zip] = pick(CITIES);
  return `${int(10, 9999)} ${pick(STREETS)}, ${city}, ${stateCode} ${zip}${pad(int(0, 99), 2)}`;
};
const toSql = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

type Client = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  createdAt: Date;
  applications: number;
  funded: number;
  onTimePayments: number;
  paidOff: number;
};

const { serverUrl, database } = splitDatabaseUrl(databaseUrl);
loadDataKey({ configured: env.DATA_ENCRYPTION_KEY, varDir: env.VAR_DIR, isProduction: false });
if (values.fresh) {
  const admin = await mysql.createConnection({ uri: serverUrl });
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await admin.end();
}
await prepareDatabase(databaseUrl);
const seedDb = createDatabase(databaseUrl, 2);
await ensureReferenceData(seedDb.db);
await seedDb.close();

const connection = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z', dateStrings: true });
// Bulk load: the rows are generated consistent, so per-row checks only cost time.
await connection.query('SET SESSION foreign_key_checks = 0, unique_checks = 0');
await connection.query("SET SESSION time_zone = '+00:00'");

const BATCH = 1000;
const started = Date.now();

// Large loads: maintaining a dozen secondary B-trees row by row is what makes a million rows slow. Drop the
// plain secondary indexes of the big tables first and rebuild them once at the end (a sorted build), with the
// same names and columns, so the schema is exactly what the migrations made. Indexes a foreign key needs stay.
// (--fresh runs only.)
type IndexDefinition = { table: string; name: string; columns: string[] };
const REBUILD_THRESHOLD = 50_000;
const BULK_TABLES = ['applications', 'users', 'loan_payments', 'milestone_progress'];

async function dropSecondaryIndexes(): Promise<IndexDefinition[]> {
  const [rows] = (await connection.query(
    `SELECT TABLE_NAME AS tableName, INDEX_NAME AS indexName, COLUMN_NAME AS columnName
       FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME IN (?) AND INDEX_NAME <> 'PRIMARY' AND NON_UNIQUE = 1
      ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [database, BULK_TABLES],
  )) as unknown as [{ tableName: string; indexName: string; columnName: string }[]];
  const byName = new Map<string, IndexDefinition>();
  for (const row of rows) {
    const key = `${row.tableName}.${row.indexName}`;
    const definition = byName.get(key) ?? { table: row.tableName, name: row.indexName, columns: [] };
    definition.columns.push(row.columnName);
    byName.set(key, definition);
  }
  const dropped: IndexDefinition[] = [];
  for (const definition of byName.values()) {
    try {
      await connection.query(`ALTER TABLE \`${definition.table}\` DROP INDEX \`${definition.name}\``);
      dropped.push(definition);
    } catch {
      // A foreign key needs this index: it stays and is maintained row by row.
    }
  }
  return dropped;
}

async function restoreIndexes(definitions: IndexDefinition[]): Promise<void> {
  for (const table of new Set(definitions.map((definition) => definition.table))) {
    const clauses = definitions
      .filter((definition) => definition.table === table)
      .map(
        (definition) =>
          `ADD INDEX \`${definition.name}\` (${definition.columns.map((column) => `\`${column}\``).join(', ')})`,
      );
    process.stdout.write(`  rebuilding ${clauses.length} indexes of ${table}\n`);
    await connection.query(`ALTER TABLE \`${table}\` ${clauses.join(', ')}`);
  }
}

// Only on a database this run created: if a fresh load fails half way, running it again starts over.
const droppedIndexes = values.fresh && applicationCount >= REBUILD_THRESHOLD ? await dropSecondaryIndexes() : [];
const runTag = randomToken(4).slice(0, 6);

/** Buffers rows per table and writes them 1,000 at a time in one multi-row INSERT each. */
function createWriter(table: string, columns: string[]) {
  let rows: unknown[][] = [];
  let total = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    const batch = rows;
    rows = [];
    total += batch.length;
    try {
      await connection.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [
        batch,
      ]);
    } catch (error) {
      // The driver's error carries the whole statement (with password hashes): report only what failed.
      const { code, sqlMessage } = error as { code?: string; sqlMessage?: string };
      throw new Error(`Inserting into ${table} failed: ${code ?? 'error'} ${sqlMessage ?? ''}`);
    }
  };
  return {
    async add(row: unknown[]) {
      rows.push(row);
      if (rows.length >= BATCH) await flush();
    },
    flush,
    get total() {
      return total + rows.length;
    },
  };
}

const usersOut = createWriter('users', [
  'id',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'business_name',
  'role',
  'is_active',
  'email_verified_at',
  'last_login_at',
  'created_at',
  'updated_at',
]);
const applicationsOut = createWriter('applications', [
  'id',
  'user_id',
  'status',
  'ai_approved',
  'loan_amount_cents',
  'approved_amount_cents',
  'business_name',
  'business_type',
  'time_in_business',
  'business_start_date',
  'business_address',
  'ein_enc',
  'ein_last4',
  'ssn_enc',
  'ssn_last4',
  'date_of_birth_enc',
  'owner_name',
  'email',
  'phone',
  'estimated_credit_score',
  'monthly_revenue',
  'additional_info',
  'is_existing_client',
  'annual_revenue_cents',
  'employee_count',
  'owner_address',
  'cash_on_hand_cents',
  'accounts_receivable_cents',
  'accounts_payable_cents',
  'existing_loan_payments_cents',
  'rent_or_mortgage_cents',
  'decided_at',
  'created_at',
  'updated_at',
]);
const underwritingOut = createWriter('underwriting_results', [
  'id',
  'application_id',
  'engine_version',
  'decision',
  'confidence',
  'approved_amount_cents',
  'result',
  'ai_data',
  'analysis',
  'created_at',
]);
const loansOut = createWriter('loans', [
  'id',
  'application_id',
  'user_id',
  'principal_cents',
  'purchased_amount_cents',
  'factor_rate_milli',
  'weekly_payment_cents',
  'term_weeks',
  'apr_bps',
  'status',
  'funded_at',
  'first_payment_date',
  'created_at',
]);
const scheduleOut = createWriter('loan_schedule', ['loan_id', 'seq', 'due_date', 'amount_cents']);
const paymentsOut = createWriter('loan_payments', ['id', 'loan_id', 'amount_cents', 'paid_on', 'note', 'created_at']);
const refinanceOut = createWriter('refinance_requests', [
  'id',
  'user_id',
  'loan_id',
  'requested_amount_cents',
  'reason',
  'status',
  'created_at',
]);
const progressOut = createWriter('milestone_progress', [
  'id',
  'user_id',
  'milestone_id',
  'current_progress',
  'is_completed',
  'completed_at',
  'reward_claimed',
  'claimed_at',
]);
const rewardsOut = createWriter('rewards', [
  'id',
  'user_id',
  'milestone_progress_id',
  'reward_type',
  'reward_value',
  'is_used',
  'earned_at',
  'expires_at',
  'used_at',
]);

// ---------------------------------------------------------------------------------------------------------------
// Clients: about one account per three applications. They share one demo password, printed at the end.
// ---------------------------------------------------------------------------------------------------------------
const demoPassword = `Demo-${randomBytes(6).toString('hex')}-Aa1!`;
const passwordHash = await hashPassword(demoPassword);
const clientCount = Math.max(5, Math.round(applicationCount / 3));
const clients: Client[] = [];
for (let index = 0; index < clientCount; index += 1) {
  const firstName = pick(FIRST_NAMES);
  const lastName = pick(LAST_NAMES);
  const businessName = `${pick(NAME_ADJECTIVES)} ${pick(NAME_NOUNS)} ${pick(NAME_SUFFIXES)}`;
  const createdAt = new Date(now.getTime() - int(1, 730) * DAY_MS - int(0, 86_399) * 1000);
  const client: Client = {
    id: seededId(),
    email: `${firstName}.${lastName}.${runTag}${index}@seed.example`.toLowerCase(),
    firstName,
    lastName,
    businessName,
    createdAt,
    applications: 0,
    funded: 0,
    onTimePayments: 0,
    paidOff: 0,
  };
  clients.push(client);
  const lastLogin = chance(0.75) ? new Date(Math.min(now.getTime(), createdAt.getTime() + int(0, 400) * DAY_MS)) : null;
  await usersOut.add([
    client.id,
    client.email,
    passwordHash,
    firstName,
    lastName,
    businessName,
    'client',
    chance(0.93) ? 1 : 0,
    chance(0.8) ? toSql(createdAt) : null,
    lastLogin ? toSql(lastLogin) : null,
    toSql(createdAt),
    toSql(createdAt),
  ]);
}
await usersOut.flush();

// ---------------------------------------------------------------------------------------------------------------
// Applications in every status; funded ones get a loan with a weekly schedule and the payments made so far.
// ---------------------------------------------------------------------------------------------------------------
type Status = 'pending' | 'review' | 'approved' | 'declined' | 'incomplete' | 'funded';
const STATUS_WEIGHTS: [Status, number][] = [
  ['pending', 0.3],
  ['review', 0.15],
  ['approved', 0.13],
  ['declined', 0.32],
  ['incomplete', 0.05],
  ['funded', 0.05],
];
function pickStatus(): Status {
  let roll = random();
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'pending';
}
function aiFor(status: Status): 'approved' | 'declined' | 'review' | null {
  if (status === 'approved' || status === 'funded') return chance(0.85) ? 'approved' : 'review';
  if (status === 'declined') return chance(0.7) ? 'declined' : 'review';
  if (status === 'review') return 'review';
  if (status === 'incomplete') return null;
  return chance(0.5) ? null : pick(['approved', 'declined', 'review'] as const);
}

// Full underwriting documents for the newest few thousand applications; enough to browse, cheap to store.
const UNDERWRITING_LIMIT = 5000;
let loanCount = 0;
let paymentCount = 0;

for (let index = 0; index < applicationCount; index += 1) {
  const id = seededId();
  let status = pickStatus();
  // A loan needs an account to belong to: funded applications are always linked.
  const linked = status === 'funded' || chance(0.55);
  const client = linked ? pick(clients) : null;
  if (status === 'funded' && !client) status = 'approved';
  const ai = aiFor(status);
  const firstName = client?.firstName ?? pick(FIRST_NAMES);
  const lastName = client?.lastName ?? pick(LAST_NAMES);
  const businessName = client?.businessName ?? `${pick(NAME_ADJECTIVES)} ${pick(NAME_NOUNS)} ${pick(NAME_SUFFIXES)}`;
  const email = client?.email ?? `${firstName}.${lastName}.${runTag}a${index}@seed.example`.toLowerCase();
  const createdAt = new Date(now.getTime() - int(0, 729) * DAY_MS - int(0, 86_399) * 1000);
  const loanAmount = dollars(10_000, 500_000, 5_000);
  const isDecided = status === 'approved' || status === 'declined' || status === 'funded';
  const decidedAt = isDecided ? new Date(Math.min(now.getTime(), createdAt.getTime() + int(1, 96) * 3600_000)) : null;
  const approvedCents =
    status === 'approved' || status === 'funded' ? Math.round(loanAmount * (0.6 + random() * 0.4)) * 100 : null;
  const monthlyRevenue = pick(MONTHLY_REVENUE_BANDS);
  const pii = encryptApplicationPii(id, {
    ssn: `9${pad(int(0, 99), 2)}-${pad(int(1, 99), 2)}-${pad(int(1, 9999), 4)}`,
    ein: `${pad(int(10, 99), 2)}-${pad(int(1000000, 9999999), 7)}`,
    dateOfBirth: `${int(1955, 2000)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}`,
  });
  if (client) client.applications += 1;
  await applicationsOut.add([
    id,
    client?.id ?? null,
    status,
    ai,
    loanAmount * 100,
    approvedCents,
    businessName,
    pick(BUSINESS_TYPES),
    pick(TIME_IN_BUSINESS),
    `${int(2005, 2023)}-${pad(int(1, 12), 2)}-01`,
    address(),
    pii.einEnc,
    pii.einLast4,
    pii.ssnEnc,
    pii.ssnLast4,
    pii.dateOfBirthEnc,
    `${firstName} ${lastName}`,
    email,
    `(555) ${pad(int(100, 999), 3)}-${pad(int(0, 9999), 4)}`,
    pick([500, 550, 600, 650, 700, 750]),
    monthlyRevenue,
    chance(0.2) ? 'Seasonal business; busiest months are May through August.' : null,
    client ? 1 : 0,
    dollars(120_000, 6_000_000, 1_000) * 100,
    int(1, 80),
    address(),
    dollars(2_000, 250_000, 500) * 100,
    dollars(0, 150_000, 500) * 100,
    dollars(0, 90_000, 500) * 100,
    dollars(0, 20_000, 100) * 100,
    dollars(1_000, 25_000, 100) * 100,
    decidedAt ? toSql(decidedAt) : null,
    toSql(createdAt),
    toSql(decidedAt ?? createdAt),
  ]);

  if (ai && index < UNDERWRITING_LIMIT) await addUnderwriting(id, ai, approvedCents, createdAt, monthlyRevenue);
  if (status === 'funded' && client && approvedCents && decidedAt) {
    await addLoan({ applicationId: id, client, principalCents: approvedCents, decidedAt });
  }
  if ((index + 1) % 100_000 === 0) {
    process.stdout.write(`  ${index + 1} applications (${Math.round((Date.now() - started) / 1000)} s)\n`);
  }
}

async function addUnderwriting(
  applicationId: string,
  decision: 'approved' | 'declined' | 'review',
  approvedCents: number | null,
  createdAt: Date,
  monthlyRevenue: string,
) {
  const months = Array.from({ length: 3 }, (_, offset) => {
    const month = new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth() - 3 + offset, 1));
    const revenue = dollars(20_000, 140_000, 100) * 100;
    return {
      month: month.toISOString().slice(0, 7),
      daysInMonth: 30,
      coveredDays: 30,
      creditsCents: revenue + dollars(0, 8_000, 100) * 100,
      debitsCents: Math.round(revenue * (0.7 + random() * 0.25)),
      trueRevenueCents: revenue,
      revenueDepositCount: int(20, 90),
      excludedTransfersCents: dollars(0, 5_000, 100) * 100,
      excludedLoanProceedsCents: 0,
      excludedRefundsCents: dollars(0, 800, 10) * 100,
      averageDailyBalanceCents: dollars(3_000, 60_000, 100) * 100,
      nsfEvents: decision === 'approved' ? 0 : int(0, 4),
      negativeBalanceDays: decision === 'approved' ? 0 : int(0, 6),
      largestDepositCents: dollars(1_000, 15_000, 100) * 100,
      largestDepositSharePct: Math.round(random() * 200) / 10,
    };
  });
  const flags =
    decision === 'approved'
      ? [{ code: 'steady_revenue', severity: 'info', message: 'Monthly revenue is steady across the statements.' }]
      : [
          { code: 'nsf_events', severity: 'warning', message: 'Overdraft or NSF events in the statement period.' },
          ...(decision === 'declined'
            ? [{ code: 'low_revenue', severity: 'critical', message: 'True revenue is below the stated band.' }]
            : []),
        ];
  const reasoning =
    decision === 'approved'
      ? ['Revenue supports the weekly payment at the policy share.', 'No existing financing positions were found.']
      : ['Statements show cash-flow stress that staff should review.'];
  const confidence = decision === 'review' ? int(40, 65) : int(70, 95);
  const aiData = {
    recommendation: decision === 'approved' ? 'Approved' : decision === 'declined' ? 'Declined' : 'Review',
    approvedAmount: approvedCents ? approvedCents / 100 : 0,
    confidence,
    reasoning: reasoning.join(' '),
    riskFactors: flags.filter((flag) => flag.severity !== 'info').map((flag) => flag.message),
    interestRate: decision === 'approved' ? Math.round((35 + random() * 40) * 10) / 10 : 0,
  };
  const analysis = {
    engineVersion: 'seed-demo',
    asOfDate: createdAt.toISOString().slice(0, 10),
    revenueSource: 'statements',
    statements: [],
    months,
    missingMonths: [],
    duplicatePeriods: [],
    financingPositions: [],
    summary: { statedMonthlyRevenue: monthlyRevenue, healthScore: int(35, 95), confidence },
    risk: { tier: decision === 'approved' ? 'low' : 'elevated', score: int(20, 90), components: [] },
    offer: null,
    flags,
    reasoning,
  };
  const result = { approved: decision === 'approved', approvedAmount: aiData.approvedAmount, confidence };
  await underwritingOut.add([
    seededId(),
    applicationId,
    'seed-demo',
    decision,
    confidence,
    approvedCents,
    JSON.stringify(result),
    JSON.stringify(aiData),
    JSON.stringify(analysis),
    toSql(createdAt),
  ]);
}

async function addLoan(input: { applicationId: string; client: Client; principalCents: number; decidedAt: Date }) {
  const { applicationId, client, principalCents, decidedAt } = input;
  const loanId = seededId();
  const factorMilli = pick([1250, 1300, 1350, 1400, 1450]);
  const termWeeks = pick([26, 39, 52]);
  const purchased = Math.round((principalCents * factorMilli) / 1000);
  const fundedAt = new Date(decidedAt.getTime() + int(1, 3) * DAY_MS);
  const firstPaymentDate = addDays(fundedAt.toISOString().slice(0, 10), 7);
  const schedule = buildWeeklySchedule({ firstPaymentDate, termWeeks, purchasedAmountCents: purchased });
  // Most borrowers pay on the due date; some pay late, a few stop paying (past due) or defaulted long ago.
  const behaviour = random();
  const stopsAfter = behaviour < 0.1 ? int(1, Math.max(1, termWeeks - 2)) : Infinity;
  const payments: { amountCents: number; paidOn: string }[] = [];
  for (const item of schedule) {
    if (item.dueDate > today || item.seq > stopsAfter) break;
    const late = behaviour > 0.85 ? int(1, 4) : 0;
    const paidOn = addDays(item.dueDate, late);
    if (paidOn > today) break;
    payments.push({ amountCents: item.amountCents, paidOn });
    if (late === 0) client.onTimePayments += 1;
  }
  const derived = deriveLoanState({ schedule, payments, today });
  const status =
    derived.balanceCents === 0 ? 'paid_off' : derived.daysPastDue > 120 && chance(0.5) ? 'defaulted' : 'current';
  if (status === 'paid_off') client.paidOff += 1;
  client.funded += 1;
  loanCount += 1;
  await loansOut.add([
    loanId,
    applicationId,
    client.id,
    principalCents,
    purchased,
    factorMilli,
    schedule[0]?.amountCents ?? 0,
    termWeeks,
    Math.round((factorMilli - 1000) * (52 / termWeeks) * 10),
    status,
    toSql(fundedAt),
    firstPaymentDate,
    toSql(fundedAt),
  ]);
  for (const item of schedule) await scheduleOut.add([loanId, item.seq, item.dueDate, item.amountCents]);
  for (const payment of payments) {
    paymentCount += 1;
    await paymentsOut.add([
      seededId(),
      loanId,
      payment.amountCents,
      payment.paidOn,
      'ACH debit',
      `${payment.paidOn} 14:00:00`,
    ]);
  }
  if (status === 'current' && chance(0.12)) {
    await refinanceOut.add([
      seededId(),
      client.id,
      loanId,
      chance(0.5) ? Math.round(principalCents * 1.2) : null,
      pick(REFINANCE_REASONS),
      pick(['open', 'open', 'in_review', 'closed'] as const),
      toSql(new Date(now.getTime() - int(0, 60) * DAY_MS)),
    ]);
  }
}

for (const writer of [applicationsOut, underwritingOut, loansOut, scheduleOut, paymentsOut, refinanceOut]) {
  await writer.flush();
}

// ---------------------------------------------------------------------------------------------------------------
// Rewards progress from the same events the app counts (PRODUCT.md 5); a few completed milestones claimed.
// ---------------------------------------------------------------------------------------------------------------
let rewardCount = 0;
for (const client of clients) {
  const counts: Record<string, number> = {
    account_created: 1,
    application_submitted: client.applications,
    funding_accepted: client.funded,
    payment_on_time: client.onTimePayments,
    loan_paid_off: client.paidOff,
  };
  for (const milestone of MILESTONE_CATALOG) {
    const progress = Math.min(counts[milestone.eventType] ?? 0, milestone.targetValue);
    if (progress === 0) continue;
    const isCompleted = progress >= milestone.targetValue;
    const completedAt = isCompleted ? new Date(client.createdAt.getTime() + int(0, 30) * DAY_MS) : null;
    const claimed = isCompleted && chance(0.4);
    const progressId = seededId();
    await progressOut.add([
      progressId,
      client.id,
      milestone.id,
      progress,
      isCompleted ? 1 : 0,
      completedAt ? toSql(completedAt) : null,
      claimed ? 1 : 0,
      claimed && completedAt ? toSql(completedAt) : null,
    ]);
    if (claimed && completedAt) {
      rewardCount += 1;
      const used = chance(0.3);
      await rewardsOut.add([
        seededId(),
        client.id,
        progressId,
        milestone.rewardType,
        milestone.rewardValue,
        used ? 1 : 0,
        toSql(completedAt),
        toSql(new Date(completedAt.getTime() + 90 * DAY_MS)),
        used ? toSql(new Date(completedAt.getTime() + 5 * DAY_MS)) : null,
      ]);
    }
  }
}
await progressOut.flush();
await rewardsOut.flush();
// The list counts the triggers keep (migration 0005) missed payments written before their loan: counted again.
for (const statement of RECOUNT_LIST_COUNTERS_SQL) await connection.query(statement);
await restoreIndexes(droppedIndexes);
await connection.query('ANALYZE TABLE applications, users, loans, loan_payments, loan_schedule');
await connection.end();

const seconds = Math.round((Date.now() - started) / 100) / 10;
process.stdout.write(
  [
    `Seeded ${database} in ${seconds} s:`,
    `  ${clients.length} clients, ${applicationCount} applications, ${underwritingOut.total} underwriting results,`,
    `  ${loanCount} loans with ${scheduleOut.total} scheduled and ${paymentCount} recorded payments,`,
    `  ${refinanceOut.total} refinance requests, ${progressOut.total} milestone progress rows, ${rewardCount} rewards.`,
    `Demo clients sign in with their seed.example email and the password ${demoPassword}`,
    'Staff accounts are not seeded: npm run user:create -- --email E --password P --role super_admin',
    '',
  ].join('\n'),
);
