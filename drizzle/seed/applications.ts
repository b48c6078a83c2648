// Applications in every status. Decided ones among the newest few thousand get an underwriting result;
// funded ones get a loan (see loans.ts). PII is synthetic (SSNs in the never-issued 9xx range) and encrypted
// like a real submission.
import type { Connection } from 'mysql2/promise';
import { encryptApplicationPii } from '../../server/lib/pii';
import { BUSINESS_TYPES, MONTHLY_REVENUE_BANDS, TIME_IN_BUSINESS } from '../../src/shared/constants';
import { createWriter } from './bulk-writer';
import type { Client } from './clients';
import { addLoan, createLoanWriters } from './loans';
import { DAY_MS, pad, seededId, toSql, type Random, type SeedClock } from './random';
import { addUnderwriting, createUnderwritingWriter, type Decision } from './underwriting';
import { FIRST_NAMES, LAST_NAMES, address, businessName } from './words';

type Status = 'pending' | 'review' | 'approved' | 'declined' | 'incomplete' | 'funded';
const STATUS_WEIGHTS: [Status, number][] = [
  ['pending', 0.3],
  ['review', 0.15],
  ['approved', 0.13],
  ['declined', 0.32],
  ['incomplete', 0.05],
  ['funded', 0.05],
];

function pickStatus(random: Random): Status {
  let roll = random.next();
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'pending';
}

function aiFor(random: Random, status: Status): Decision | null {
  if (status === 'approved' || status === 'funded') return random.chance(0.85) ? 'approved' : 'review';
  if (status === 'declined') return random.chance(0.7) ? 'declined' : 'review';
  if (status === 'review') return 'review';
  if (status === 'incomplete') return null;
  return random.chance(0.5) ? null : random.pick(['approved', 'declined', 'review'] as const);
}

// Full underwriting documents for the newest few thousand applications; enough to browse, cheap to store.
const UNDERWRITING_LIMIT = 5000;

const APPLICATION_COLUMNS = [
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
];

export type ApplicationTotals = {
  underwritingResults: number;
  loans: number;
  scheduledPayments: number;
  payments: number;
  refinanceRequests: number;
};

export async function seedApplications(input: {
  connection: Connection;
  random: Random;
  clock: SeedClock;
  count: number;
  /** Linked applications pick their owner here, and add to the owner's reward tallies. */
  clients: Client[];
  runTag: string;
  /** Date.now() at the start of the run, for the progress lines. */
  started: number;
}): Promise<ApplicationTotals> {
  const { connection, random, clock, count, clients, runTag, started } = input;
  const { int, pick, chance, dollars } = random;
  const { now } = clock;
  const applicationsOut = createWriter(connection, 'applications', APPLICATION_COLUMNS);
  const underwritingOut = createUnderwritingWriter(connection);
  const loanWriters = createLoanWriters(connection);

  for (let index = 0; index < count; index += 1) {
    const id = seededId();
    let status = pickStatus(random);
    // A loan needs an account to belong to: funded applications are always linked.
    const linked = status === 'funded' || chance(0.55);
    const client = linked ? pick(clients) : null;
    if (status === 'funded' && !client) status = 'approved';
    const ai = aiFor(random, status);
    const firstName = client?.firstName ?? pick(FIRST_NAMES);
    const lastName = client?.lastName ?? pick(LAST_NAMES);
    const company = client?.businessName ?? businessName(random);
    const email = client?.email ?? `${firstName}.${lastName}.${runTag}a${index}@seed.example`.toLowerCase();
    const createdAt = new Date(now.getTime() - int(0, 729) * DAY_MS - int(0, 86_399) * 1000);
    const loanAmount = dollars(10_000, 500_000, 5_000);
    const isDecided = status === 'approved' || status === 'declined' || status === 'funded';
    const decidedAt = isDecided ? new Date(Math.min(now.getTime(), createdAt.getTime() + int(1, 96) * 3600_000)) : null;
    const approvedCents =
      status === 'approved' || status === 'funded' ? Math.round(loanAmount * (0.6 + random.next() * 0.4)) * 100 : null;
    const monthlyRevenue = pick(MONTHLY_REVENUE_BANDS);
    const pii = encryptApplicationPii(id, {
      ssn: `9${pad(int(0, 99), 2)}-${pad(int(1, 99), 2)}-${pad(int(1, 9999), 4)}`,
      ein: `${pad(int(10, 99), 2)}-${pad(int(1000000, 9999999), 7)}`,
      dateOfBirth: `${int(1955, 2000)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}`,
    });
    if (client) client.applications += 1;
    // The order of the draws below is part of the output: the same seed gives the same rows.
    await applicationsOut.add([
      id,
      client?.id ?? null,
      status,
      ai,
      loanAmount * 100,
      approvedCents,
      company,
      pick(BUSINESS_TYPES),
      pick(TIME_IN_BUSINESS),
      `${int(2005, 2023)}-${pad(int(1, 12), 2)}-01`,
      address(random),
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
      address(random),
      dollars(2_000, 250_000, 500) * 100,
      dollars(0, 150_000, 500) * 100,
      dollars(0, 90_000, 500) * 100,
      dollars(0, 20_000, 100) * 100,
      dollars(1_000, 25_000, 100) * 100,
      decidedAt ? toSql(decidedAt) : null,
      toSql(createdAt),
      toSql(decidedAt ?? createdAt),
    ]);

    if (ai && index < UNDERWRITING_LIMIT) {
      await addUnderwriting(underwritingOut, random, { id, decision: ai, approvedCents, createdAt, monthlyRevenue });
    }
    if (status === 'funded' && client && approvedCents && decidedAt) {
      await addLoan(loanWriters, random, clock, {
        applicationId: id,
        client,
        principalCents: approvedCents,
        decidedAt,
      });
    }
    if ((index + 1) % 100_000 === 0) {
      process.stdout.write(`  ${index + 1} applications (${Math.round((Date.now() - started) / 1000)} s)\n`);
    }
  }

  const { loans, schedule, payments, refinance } = loanWriters;
  for (const writer of [applicationsOut, underwritingOut, loans, schedule, payments, refinance]) await writer.flush();
  return {
    underwritingResults: underwritingOut.total,
    loans: loans.total,
    scheduledPayments: schedule.total,
    payments: payments.total,
    refinanceRequests: refinance.total,
  };
}
