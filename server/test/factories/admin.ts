import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  applicationDocuments,
  loanPayments,
  loanSchedule,
  loans,
  refinanceRequests,
  underwritingResults,
  users,
} from '../../../drizzle/schema/index';
import type { DbOrTx } from '../../db';
import { encryptField, sha256Hex } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { addDays, buildWeeklySchedule } from '../../services/loans/index';
import { insertApplication } from '../factories';
import { getTestDeps } from '../harness';

// Back-office factories: synthetic loans with schedules and payments, underwriting rows, documents,
// refinance requests and TOTP secrets. Each call writes its own rows with unique values.

/** Gives a user a TOTP secret (as user:create --totp-secret would) and returns the key to compute codes with. */
export async function setTotpSecret(userId: string): Promise<Uint8Array> {
  const { db } = await getTestDeps();
  const key = new Uint8Array(randomBytes(20));
  await db
    .update(users)
    .set({
      totpSecretEnc: encryptField(Buffer.from(key).toString('base64'), `users.totp:${userId}`),
      totpLastStep: null,
    })
    .where(eq(users.id, userId));
  return key;
}

export type InsertLoanOpts = {
  userId: string;
  principalCents?: number;
  factorRateMilli?: number;
  termWeeks?: number;
  /** First installment's due date; defaults to four weeks ago, so some installments are already due. */
  firstPaymentDate?: string;
  fundedAt?: Date;
  payments?: { amountCents: number; paidOn: string }[];
  status?: 'current' | 'paid_off' | 'defaulted';
  businessName?: string;
  createdAt?: Date;
  /** Another database than the run's own (a test with a database of its own). */
  db?: DbOrTx;
};

/** A funded application with its loan, weekly schedule and any payments already made. */
export async function insertLoan(opts: InsertLoanOpts) {
  const db = opts.db ?? (await getTestDeps()).db;
  const principalCents = opts.principalCents ?? 2_000_000;
  const factorRateMilli = opts.factorRateMilli ?? 1350;
  const termWeeks = opts.termWeeks ?? 20;
  const purchasedAmountCents = Math.round((principalCents * factorRateMilli) / 1000);
  const today = new Date().toISOString().slice(0, 10);
  const firstPaymentDate = opts.firstPaymentDate ?? addDays(today, -28);
  const fundedAt = opts.fundedAt ?? new Date(Date.parse(`${addDays(firstPaymentDate, -7)}T12:00:00Z`));
  const application = await insertApplication({
    userId: opts.userId,
    status: 'funded',
    aiApproved: 'approved',
    approvedAmountCents: principalCents,
    businessName: opts.businessName,
    db,
  });
  const schedule = buildWeeklySchedule({ firstPaymentDate, termWeeks, purchasedAmountCents });
  const id = newId();
  await db.insert(loans).values({
    id,
    applicationId: application.id,
    userId: opts.userId,
    principalCents,
    purchasedAmountCents,
    factorRateMilli,
    weeklyPaymentCents: schedule[0]?.amountCents ?? 0,
    termWeeks,
    aprBps: 4500,
    status: opts.status ?? 'current',
    fundedAt,
    firstPaymentDate,
    createdAt: opts.createdAt ?? new Date(),
  });
  await db.insert(loanSchedule).values(schedule.map((item) => ({ loanId: id, ...item })));
  if (opts.payments?.length) {
    await db
      .insert(loanPayments)
      .values(opts.payments.map((payment) => ({ id: newId(), loanId: id, ...payment, note: 'factory' })));
  }
  return { id, application, schedule, purchasedAmountCents, principalCents, firstPaymentDate };
}

/** An underwriting result in the engine's stored shape (aiData + analysis with months, flags, reasoning). */
export async function insertUnderwriting(
  applicationId: string,
  opts: { decision?: 'approved' | 'declined' | 'review'; approvedAmountCents?: number | null; analysis?: unknown } = {},
) {
  const { db } = await getTestDeps();
  const decision = opts.decision ?? 'review';
  const approvedAmountCents = opts.approvedAmountCents ?? 3_000_000;
  await db.insert(underwritingResults).values({
    id: newId(),
    applicationId,
    engineVersion: 'test-1',
    decision,
    confidence: 62,
    approvedAmountCents,
    result: { approved: decision === 'approved' },
    aiData: {
      recommendation: decision === 'approved' ? 'Approved' : 'Review',
      approvedAmount: (approvedAmountCents ?? 0) / 100,
      confidence: 62,
      reasoning: 'Revenue is steady; two NSF events need a look.',
      riskFactors: ['Two NSF events in March'],
      interestRate: 41.5,
    },
    analysis: opts.analysis ?? {
      months: [{ month: '2026-03', trueRevenueCents: 5_400_000, nsfEvents: 2, averageDailyBalanceCents: 820_000 }],
      flags: [{ code: 'nsf_events', severity: 'warning', message: 'Two NSF events in March' }],
      reasoning: ['Revenue is steady.', 'Two NSF events need a look.'],
    },
  });
}

/** A stored document (bytes written through the app's storage) attached to an application. */
export async function insertDocument(
  applicationId: string,
  opts: { originalName?: string; content?: Buffer; mimeType?: string } = {},
) {
  const { storage, db } = await getTestDeps();
  const content = opts.content ?? Buffer.from('%PDF-1.4\n% synthetic test statement\n%%EOF\n');
  const temp = path.join(storage.tempDir, `factory-${newId()}`);
  writeFileSync(temp, content);
  const storageKey = await storage.commit(temp);
  const id = newId();
  await db.insert(applicationDocuments).values({
    id,
    applicationId,
    kind: 'bank_statement',
    storageKey,
    originalName: opts.originalName ?? 'statement-march.pdf',
    mimeType: opts.mimeType ?? 'application/pdf',
    sizeBytes: content.length,
    sha256: sha256Hex(content),
    parseStatus: 'parsed',
  });
  return { id, storageKey, content };
}

export async function insertRefinanceRequest(opts: { userId: string; loanId?: string | null; reason?: string }) {
  const { db } = await getTestDeps();
  const id = newId();
  await db.insert(refinanceRequests).values({
    id,
    userId: opts.userId,
    loanId: opts.loanId ?? null,
    requestedAmountCents: 2_500_000,
    reason: opts.reason ?? `Longer term wanted ${id.slice(0, 8)}`,
    status: 'open',
  });
  return { id };
}
