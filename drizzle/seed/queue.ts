// Work for the back office's queue (docs/product.md 6.2): about 20 staff members owning some of the open files, about
// 3% of applications under review, document requests (a few thousand answered and not yet reviewed), finished OCR
// jobs on either side of the last decision, statements that do not reconcile (some already decided by staff) and
// staff decisions. Offers in their last days come from the approvals already there. Runs after the applications, or
// alone on a seeded database (`--queue-only`); a database that already has the queue's staff is left as it is.
// Rows are picked by a hash of their id, so the same database gets the same picks; the triggers of migration 0024
// keep the application rows' queue facts as these rows go in.
import type { Connection } from 'mysql2/promise';
import { createWriter } from './bulk-writer';
import { MONTHLY_REVENUE_BANDS } from '../../src/shared/constants';
import { addUnderwriting, createUnderwritingWriter } from './underwriting';
import { DAY_MS, seededId, toSql, type Random, type SeedClock } from './random';
import { FIRST_NAMES, LAST_NAMES } from './words';

const STAFF_COUNT = 20;
const STAFF_EMAIL = (index: number, runTag: string) => `queue-staff-${index + 1}.${runTag}@seed.example`;
/** The share of review applications kept under review (the generator makes 15%; about 3% is what a queue holds). */
const REVIEW_KEPT_PERCENT = 20;
/** Out of 10,000 applications (by a hash of the id), those that get each kind of work. */
const SHARE = { requests: 80, ocr: 30, unreconciled: 30, decisions: 20 } as const;
const REQUEST_DOCUMENTS = ['the October statement', 'a clearer licence photo', 'the last tax return'];
const UNRECONCILED_NOTE = '3 page(s); balances do not reconcile for the statement period.';

export type QueueTotals = {
  staff: number;
  assigned: number;
  review: number;
  requests: number;
  received: number;
  ocrJobs: number;
  unreconciled: number;
  decisions: number;
  offersExpiring: number;
  skipped: boolean;
};

type Candidate = {
  id: string;
  userId: string | null;
  status: string;
  createdAt: string;
  decidedAt: string | null;
  loanAmountCents: number;
  roll: number;
};

const fromSql = (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
const count = async (connection: Connection, query: string, params: unknown[] = []) => {
  const [rows] = (await connection.query(query, params)) as unknown as [{ n: number | string }[]];
  return Number(rows[0]?.n ?? 0);
};

export async function seedQueue(input: {
  connection: Connection;
  random: Random;
  clock: SeedClock;
  runTag: string;
  /** A hash of a password nobody is told: staff sign in after an invitation, never with a seeded password. */
  passwordHash: string;
  offerValidDays: number;
}): Promise<QueueTotals> {
  const { connection, random, clock, runTag, passwordHash } = input;
  const now = clock.now;
  const existing = await count(
    connection,
    "SELECT COUNT(*) AS n FROM users WHERE email LIKE 'queue-staff-%@seed.example'",
  );
  const offersExpiring = await count(
    connection,
    "SELECT COUNT(*) AS n FROM applications WHERE status = 'approved' AND decided_at > ? AND decided_at <= ?",
    [
      toSql(new Date(now.getTime() - input.offerValidDays * DAY_MS)),
      toSql(new Date(now.getTime() - (input.offerValidDays - 3) * DAY_MS)),
    ],
  );
  const empty = { staff: existing, assigned: 0, review: 0, requests: 0, received: 0, ocrJobs: 0, unreconciled: 0 };
  if (existing > 0) return { ...empty, decisions: 0, offersExpiring, skipped: true };

  // Staff.
  const staffOut = createWriter(connection, 'users', [
    'id',
    'email',
    'password_hash',
    'first_name',
    'last_name',
    'role',
    'email_verified_at',
    'created_at',
    'updated_at',
  ]);
  const staffIds: string[] = [];
  for (let index = 0; index < STAFF_COUNT; index += 1) {
    const id = seededId();
    staffIds.push(id);
    const joined = toSql(new Date(now.getTime() - random.int(400, 900) * DAY_MS));
    await staffOut.add([
      id,
      STAFF_EMAIL(index, runTag),
      passwordHash,
      random.pick(FIRST_NAMES),
      random.pick(LAST_NAMES),
      'admin',
      joined,
      joined,
      joined,
    ]);
  }
  await staffOut.flush();

  // About 3% under review: the rest of the generator's review files were still waiting for the engine.
  await connection.query(
    `UPDATE applications SET status = 'pending' WHERE status = 'review' AND CRC32(id) % 100 >= ${REVIEW_KEPT_PERCENT}`,
  );
  // Owners: half the files under review and one in twenty of the other open ones, spread over the staff.
  const staffList = staffIds.map((id) => connection.escape(id)).join(', ');
  await connection.query(
    `UPDATE applications
        SET assigned_to = ELT(1 + CRC32(CONCAT('owner', id)) % ${STAFF_COUNT}, ${staffList}),
            assigned_at = LEAST(created_at + INTERVAL 1 DAY, UTC_TIMESTAMP())
      WHERE (status = 'review' AND CRC32(CONCAT('assign', id)) % 2 = 0)
         OR (status IN ('pending', 'approved') AND CRC32(CONCAT('assign', id)) % 20 = 0)`,
  );

  // One pass picks the files that get work; each kind of work takes its own slice of the hash.
  const total = SHARE.requests + SHARE.ocr + SHARE.unreconciled + SHARE.decisions;
  const [rows] = (await connection.query(
    `SELECT id, user_id AS userId, status, created_at AS createdAt, decided_at AS decidedAt,
            loan_amount_cents AS loanAmountCents, CRC32(CONCAT('work', id)) % 10000 AS roll
       FROM applications WHERE CRC32(CONCAT('work', id)) % 10000 < ${total} ORDER BY created_at, id`,
  )) as unknown as [Candidate[]];

  const requestsOut = createWriter(connection, 'document_requests', [
    'id',
    'application_id',
    'requested_by',
    'documents',
    'message',
    'status',
    'created_at',
    'received_at',
    'closed_by',
    'closed_at',
  ]);
  const documentsOut = createWriter(connection, 'application_documents', [
    'id',
    'application_id',
    'kind',
    'storage_key',
    'original_name',
    'mime_type',
    'size_bytes',
    'sha256',
    'parse_status',
    'created_at',
  ]);
  const ocrOut = createWriter(connection, 'ocr_jobs', [
    'id',
    'application_id',
    'document_id',
    'status',
    'attempts',
    'pages_read',
    'duration_ms',
    'created_at',
    'updated_at',
    'finished_at',
  ]);
  const decisionsOut = createWriter(connection, 'application_decisions', [
    'id',
    'application_id',
    'decision',
    'reasons',
    'requested_amount_cents',
    'approved_amount_cents',
    'decided_by',
    'decided_at',
  ]);
  const totals = { ...empty, staff: STAFF_COUNT, decisions: 0, offersExpiring, skipped: false };
  const unreconciled: Candidate[] = [];
  const later = (from: Date, minHours: number, maxHours: number) =>
    new Date(Math.min(now.getTime() - 60_000, from.getTime() + random.int(minHours, maxHours) * 3600_000));
  const decide = async (row: Candidate) => {
    if (row.status !== 'approved' && row.status !== 'declined' && row.status !== 'funded') return;
    const decidedAt = row.decidedAt ? fromSql(row.decidedAt) : fromSql(row.createdAt);
    await decisionsOut.add([
      seededId(),
      row.id,
      row.status === 'declined' ? 'declined' : 'approved',
      JSON.stringify([row.status === 'declined' ? 'insufficient-revenue' : 'verified-by-staff']),
      row.loanAmountCents,
      row.status === 'declined' ? null : row.loanAmountCents,
      staffIds[random.int(0, STAFF_COUNT - 1)],
      toSql(decidedAt),
    ]);
    totals.decisions += 1;
  };

  for (const row of rows) {
    const createdAt = fromSql(row.createdAt);
    const staffId = staffIds[random.int(0, STAFF_COUNT - 1)];
    let roll = Number(row.roll);
    if (roll < SHARE.requests) {
      // Only a file linked to an account can be asked (the answer needs the portal).
      if (!row.userId) continue;
      const asked = later(createdAt, 2, 120);
      const outcome = random.next();
      const status = outcome < 0.6 ? 'received' : outcome < 0.8 ? 'open' : 'closed';
      const receivedAt = status === 'open' ? null : later(asked, 2, 96);
      await requestsOut.add([
        seededId(),
        row.id,
        staffId,
        JSON.stringify([random.pick(REQUEST_DOCUMENTS)]),
        'Please upload the documents listed below from your portal.',
        status,
        toSql(asked),
        receivedAt ? toSql(receivedAt) : null,
        status === 'closed' ? staffId : null,
        status === 'closed' && receivedAt ? toSql(later(receivedAt, 1, 48)) : null,
      ]);
      totals.requests += 1;
      if (status === 'received') totals.received += 1;
      continue;
    }
    roll -= SHARE.requests;
    if (roll < SHARE.ocr) {
      // A photographed statement read by OCR, half of them after the file's last decision.
      const decidedAt = row.decidedAt ? fromSql(row.decidedAt) : null;
      const uploaded = decidedAt && random.chance(0.5) ? decidedAt : createdAt;
      const finishedAt = later(uploaded, 1, 72);
      const documentId = seededId();
      await documentsOut.add([
        documentId,
        row.id,
        'bank_statement',
        `seed-queue-${documentId}`,
        'statement-photo.jpg',
        'image/jpeg',
        random.int(400_000, 3_000_000),
        '0'.repeat(64),
        'parsed',
        toSql(uploaded),
      ]);
      await ocrOut.add([
        seededId(),
        row.id,
        documentId,
        'done',
        1,
        random.int(1, 4),
        random.int(900, 4_000),
        toSql(uploaded),
        toSql(finishedAt),
        toSql(finishedAt),
      ]);
      totals.ocrJobs += 1;
      continue;
    }
    roll -= SHARE.ocr;
    if (roll < SHARE.unreconciled) {
      unreconciled.push(row);
      // Half of the decided ones were looked at by staff already.
      if (random.chance(0.5)) await decide(row);
      continue;
    }
    await decide(row);
  }
  // Documents before their OCR jobs (the jobs point at them), the requests and decisions after.
  for (const writer of [requestsOut, documentsOut, ocrOut, decisionsOut]) await writer.flush();

  // Statements that do not reconcile, as the engine notes them: on the stored analysis, or on a new result where the
  // engine stored none (only the newest files have one).
  const statements = [
    { fileName: 'statement-1.pdf', parseStatus: 'parsed', parseNote: UNRECONCILED_NOTE },
    { fileName: 'statement-2.pdf', parseStatus: 'parsed', parseNote: '3 page(s); balances reconcile.' },
  ];
  const underwritingOut = createUnderwritingWriter(connection);
  for (let start = 0; start < unreconciled.length; start += 500) {
    const batch = unreconciled.slice(start, start + 500);
    const [stored] = (await connection.query(
      'SELECT application_id AS id FROM underwriting_results WHERE application_id IN (?)',
      [batch.map((row) => row.id)],
    )) as unknown as [{ id: string }[]];
    const hasResult = new Set(stored.map((row) => row.id));
    if (hasResult.size > 0) {
      await connection.query(
        "UPDATE underwriting_results SET analysis = JSON_SET(analysis, '$.statements', JSON_EXTRACT(?, '$')) WHERE application_id IN (?)",
        [JSON.stringify(statements), [...hasResult]],
      );
    }
    for (const row of batch) {
      if (hasResult.has(row.id)) continue;
      await addUnderwriting(underwritingOut, random, {
        id: row.id,
        decision: 'review',
        approvedCents: null,
        createdAt: fromSql(row.createdAt),
        monthlyRevenue: random.pick(MONTHLY_REVENUE_BANDS),
        statements,
      });
    }
  }
  await underwritingOut.flush();
  totals.unreconciled = unreconciled.length;
  totals.review = await count(connection, "SELECT COUNT(*) AS n FROM applications WHERE status = 'review'");
  totals.assigned = await count(connection, 'SELECT COUNT(*) AS n FROM applications WHERE assigned_to IS NOT NULL');
  return totals;
}
