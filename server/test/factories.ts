import { applications } from '../../drizzle/schema/index';
import type { DbOrTx } from '../db';
import type { AiDecision, ApplicationStatus } from '../../src/shared/constants';
import { newId } from '../lib/ids';
import { encryptApplicationPii } from '../lib/pii';
import { getTestDeps, uniqueEmail } from './harness';
import { yearsAgo } from '../../src/shared/schemas/application.test-helpers';

export type InsertApplicationOpts = {
  userId?: string | null;
  submitterHash?: string | null;
  status?: ApplicationStatus;
  aiApproved?: AiDecision | null;
  loanAmountCents?: number;
  approvedAmountCents?: number | null;
  businessName?: string;
  ownerName?: string;
  email?: string;
  createdAt?: Date;
  /** Another database than the run's own (a test with a database of its own). */
  db?: DbOrTx;
};

/** Inserts an application row with synthetic data (factory; never the submission service). */
export async function insertApplication(opts: InsertApplicationOpts = {}) {
  const db = opts.db ?? (await getTestDeps()).db;
  const id = newId();
  const row = {
    id,
    userId: opts.userId ?? null,
    submitterHash: opts.submitterHash ?? null,
    status: opts.status ?? 'pending',
    aiApproved: opts.aiApproved ?? null,
    loanAmountCents: opts.loanAmountCents ?? 5_000_000,
    approvedAmountCents: opts.approvedAmountCents ?? null,
    businessName: opts.businessName ?? `Factory Goods ${id.slice(0, 6)}`,
    businessType: 'Retail',
    timeInBusiness: '2-5 years',
    businessStartDate: yearsAgo(3),
    businessAddress: '100 Test Avenue, Springfield, IL 62701',
    ownerName: opts.ownerName ?? 'Pat Example',
    email: opts.email ?? uniqueEmail('applicant'),
    phone: '(555) 010-0100',
    estimatedCreditScore: 700,
    monthlyRevenue: '$50,000 - $100,000',
    createdAt: opts.createdAt ?? new Date(),
    ...encryptApplicationPii(id, { ssn: '900-00-0001', ein: '90-0000001', dateOfBirth: '1980-01-15' }),
  };
  await db.insert(applications).values(row);
  return row;
}
