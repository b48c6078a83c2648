import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import {
  brokenDocuments,
  buildSubmission,
  freshDatabase,
  listFiles,
  postSubmission,
  sleep,
  type DocumentRow,
  type Submission,
} from './fault-data';
import { killIfRunning, startAppProcess, type AppProcess } from './process';

// N1 (docs/security.md 3): SIGKILL during concurrent submissions, restart on the same database and upload directory,
// every client retries with its own Idempotency-Key until it gets an answer. CI runs 3 trials of 20; the full
// figure is N1_TRIALS=20 N1_SUBMISSIONS=100. Trials run on their own database and process, a few at a time, because
// most of a trial is waiting for the dead process's idempotency leases (30 s) to run out.

const TRIALS = Number(process.env.N1_TRIALS ?? 3);
const SUBMISSIONS = Number(process.env.N1_SUBMISSIONS ?? 20);
const PARALLEL = Number(process.env.N1_PARALLEL ?? 3);
/**
 * Batches take 3 to 10 s depending on load, so the random moment is drawn along the batch's own progress: after a
 * random number r of acknowledgements (0..K-1), or for r = 0 at a random time in the upload phase.
 * Every phase gets hit: uploads streaming, files renamed, rows committed, underwriting, answers being written.
 */
const killPlan = (submissions: number) => {
  const afterAcks = Math.floor(Math.random() * submissions);
  // Answers tend to arrive in bursts, so past r = 0 the kill follows the r-th one at once.
  return { afterAcks, jitterMs: afterAcks === 0 ? 100 + Math.random() * 1900 : 0 };
};
/** A client gives up after this long: lease (30 s) + restart + the batch's own work, with room. */
const CLIENT_DEADLINE_MS = 90_000 + SUBMISSIONS * 1_000;
/** Rounds of PARALLEL trials, each bounded by the client deadline plus set-up and checks. */
const TEST_TIMEOUT_MS = Math.max(180_000, Math.ceil(TRIALS / PARALLEL) * (CLIENT_DEADLINE_MS + 60_000));

const KINDS = ['bank_statement', 'drivers_license', 'voided_check'];

type ClientOutcome = {
  submission: Submission;
  /** Application id of the first 2xx, and whether it arrived before the kill. */
  ackedId: string | null;
  ackedBeforeKill: boolean;
  finalStatus: number;
  /** Every application id this key was answered with, including a replay after recovery. */
  answeredIds: Set<string>;
  attempts: number;
  finishedAt: number;
};

type TrialResult = {
  killAfterMs: number;
  ackedBeforeKill: number;
  lost: number;
  partial: number;
  duplicates: number;
  pending: number;
  unanswered: number;
  orphanDocuments: number;
  orphanTemp: number;
  orphanTempAfterSweep: number;
  recoveryMs: number;
};

async function runTrial(trial: number): Promise<TrialResult> {
  const database = freshDatabase('n1');
  const varDir = mkdtempSync(path.join(os.tmpdir(), 'funding-n1-'));
  const uploadDir = path.join(varDir, 'uploads');
  // The same key across the restart: the restarted process must read what the killed one wrote.
  const env = {
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // Every client (and each retry) comes from 127.0.0.1: the per-address submission limit would stop the batch.
    RATE_LIMIT_MULTIPLIER: '10000',
    LOG_LEVEL: 'error',
  };
  let app: AppProcess | null = null;
  try {
    app = await startAppProcess({ databaseUrl: database.url, env, varDir });
    const { url, port } = app;
    const submissions = await Promise.all(Array.from({ length: SUBMISSIONS }, (_, index) => buildSubmission(index)));

    let killed = false;
    let acks = 0;
    let onAck = () => undefined as void;
    const startedAt = Date.now();
    const client = async (submission: Submission): Promise<ClientOutcome> => {
      const outcome: ClientOutcome = {
        submission,
        ackedId: null,
        ackedBeforeKill: false,
        finalStatus: 0,
        answeredIds: new Set(),
        attempts: 0,
        finishedAt: 0,
      };
      while (Date.now() - startedAt < CLIENT_DEADLINE_MS) {
        outcome.attempts += 1;
        const reply = await postSubmission(url, submission).catch(() => null);
        if (reply === null || reply.status === 503) {
          // The process is dead, restarting or draining: try again shortly.
          await sleep(250);
          continue;
        }
        if (reply.status === 409) {
          // Still in flight (a live lease, or the dead process's lease not yet run out): honour Retry-After, capped.
          await sleep(Math.min(reply.retryAfter ?? 1, 2) * 1000);
          continue;
        }
        outcome.finalStatus = reply.status;
        outcome.finishedAt = Date.now();
        if (reply.status >= 200 && reply.status < 300) {
          const { applicationId } = JSON.parse(reply.text) as { applicationId: string };
          outcome.answeredIds.add(applicationId);
          outcome.ackedId ??= applicationId;
          outcome.ackedBeforeKill ||= !killed;
          acks += 1;
          onAck();
        }
        return outcome;
      }
      return outcome;
    };

    const clients = Promise.all(submissions.map(client));
    const plan = killPlan(SUBMISSIONS);
    const planReached = new Promise<void>((resolve) => {
      onAck = () => {
        if (acks >= plan.afterAcks) resolve();
      };
      onAck();
    });
    // Clients that all end without enough acknowledgements (a bug) must not stall the trial.
    await Promise.race([planReached, clients]);
    await sleep(plan.jitterMs);
    const killAfterMs = Date.now() - startedAt;
    killed = true;
    app.child.kill('SIGKILL');
    await app.exited;
    const killedAt = Date.now();
    app = await startAppProcess({ databaseUrl: database.url, env, varDir, port });
    const outcomes = await clients;
    // One more send per key after recovery: the stored answer must name the same application (no fork).
    await Promise.all(
      outcomes.map(async (outcome) => {
        const replay = await postSubmission(app!.url, outcome.submission);
        outcome.answeredIds.add(
          replay.status === 201
            ? (JSON.parse(replay.text) as { applicationId: string }).applicationId
            : `status ${replay.status}`,
        );
      }),
    );
    const recoveryMs = Math.max(0, ...outcomes.map((outcome) => outcome.finishedAt - killedAt));

    const connection = await database.connect();
    let applications: Array<{ id: string; email: string; status: string }>;
    let documents: DocumentRow[];
    try {
      [applications] = (await connection.query('SELECT id, email, status FROM applications')) as unknown as [
        typeof applications,
      ];
      [documents] = (await connection.query(
        'SELECT application_id, kind, storage_key, size_bytes, sha256 FROM application_documents',
      )) as unknown as [DocumentRow[]];
    } finally {
      await connection.end();
    }

    const byEmail = new Map(submissions.map((submission) => [submission.email, submission]));
    const appsByEmail = new Map<string, string[]>();
    for (const row of applications) appsByEmail.set(row.email, [...(appsByEmail.get(row.email) ?? []), row.id]);
    const docsByApp = new Map<string, DocumentRow[]>();
    for (const row of documents) docsByApp.set(row.application_id, [...(docsByApp.get(row.application_id) ?? []), row]);
    const broken = new Set((await brokenDocuments(uploadDir, varDir, documents)).map((row) => row.application_id));

    // Partial: not exactly the three documents of the submission, each file intact and the very file that was sent.
    const partial = applications.filter((row) => {
      const docs = docsByApp.get(row.id) ?? [];
      const sent = new Set(byEmail.get(row.email)?.files.map((file) => file.sha256));
      return (
        broken.has(row.id) ||
        docs
          .map((doc) => doc.kind)
          .sort()
          .join() !== KINDS.join() ||
        !docs.every((doc) => sent.has(doc.sha256))
      );
    });
    const lost = outcomes.filter(
      (outcome) =>
        outcome.ackedId !== null && !(appsByEmail.get(outcome.submission.email) ?? []).includes(outcome.ackedId),
    );
    // Per key: more than one row, or answers naming more than one application (the replay included).
    const duplicates = outcomes.filter(
      (outcome) => (appsByEmail.get(outcome.submission.email) ?? []).length > 1 || outcome.answeredIds.size > 1,
    ).length;
    const strangers = applications.filter((row) => !byEmail.has(row.email)).length;
    const unanswered = outcomes.filter((outcome) => outcome.finalStatus !== 201);
    const pending = applications.filter((row) => row.status === 'pending').length;

    const referenced = new Set(documents.map((row) => row.storage_key));
    const orphanDocuments = listFiles(path.join(uploadDir, 'documents')).filter(
      (file) => !referenced.has(path.basename(file)),
    ).length;
    const tempDir = path.join(uploadDir, 'tmp');
    const orphanTemp = readdirSync(tempDir).length;
    // The server's own periodic sweep of abandoned temp folders (every 10 min, for entries older than 1 h).
    await createLocalStorage(uploadDir).sweepTemp(0);
    const orphanTempAfterSweep = readdirSync(tempDir).length;

    if (unanswered.length + lost.length + partial.length + duplicates + strangers > 0) {
      console.error(
        `N1 trial ${trial}: unanswered ${JSON.stringify(unanswered.map((o) => [o.finalStatus, o.attempts]))}, ` +
          `lost ${lost.length}, partial ${partial.map((row) => row.id).join()}, duplicates ${duplicates}, ` +
          `rows of no submission ${strangers}\n${app.stderr()}`,
      );
    }
    expect(strangers).toBe(0);

    app.child.kill('SIGTERM');
    await app.exited;
    return {
      killAfterMs,
      ackedBeforeKill: outcomes.filter((outcome) => outcome.ackedBeforeKill).length,
      lost: lost.length,
      partial: partial.length,
      duplicates,
      pending,
      unanswered: unanswered.length,
      orphanDocuments,
      orphanTemp,
      orphanTempAfterSweep,
      recoveryMs,
    };
  } finally {
    // A failed assertion must not leave the server process behind.
    await killIfRunning(app);
    await database.drop();
    rmSync(varDir, { recursive: true, force: true });
  }
}

describe('N1 crash during submissions', () => {
  it(
    'loses, splits and duplicates no submission when the server is killed mid-batch and restarted',
    async () => {
      const results: TrialResult[] = [];
      const failures: unknown[] = [];
      let next = 0;
      // A failed trial stops its worker only: the others finish and clean up their processes before the verdict.
      const worker = async () => {
        while (next < TRIALS && failures.length === 0) {
          const trial = next;
          next += 1;
          await runTrial(trial).then(
            (result) => void (results[trial] = result),
            (error: unknown) => void failures.push(error),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, TRIALS) }, worker));
      if (failures.length > 0) throw failures[0];

      const sum = (pick: (result: TrialResult) => number) => results.reduce((total, result) => total + pick(result), 0);
      const list = (pick: (result: TrialResult) => number) => results.map(pick).join('/');
      console.log(
        `N1: ${TRIALS} trials x ${SUBMISSIONS} submissions (3 files, ~1 MiB statement), SIGKILL after ${list((r) => r.killAfterMs)} ms; ` +
          `acknowledged before kill ${list((r) => r.ackedBeforeKill)}; lost acknowledged ${sum((r) => r.lost)}, ` +
          `partial applications ${sum((r) => r.partial)}, duplicate applications per key ${sum((r) => r.duplicates)}, ` +
          `unanswered ${sum((r) => r.unanswered)}, left pending ${sum((r) => r.pending)}; ` +
          `orphans after restart: ${list((r) => r.orphanDocuments)} document files (no start-up sweep), ` +
          `${list((r) => r.orphanTemp)} temp entries (${sum((r) => r.orphanTempAfterSweep)} after the temp sweep); ` +
          `last answer ${list((r) => Math.round(r.recoveryMs / 100) / 10)} s after the kill`,
      );
      expect(sum((r) => r.unanswered)).toBe(0);
      expect(sum((r) => r.lost)).toBe(0);
      expect(sum((r) => r.partial)).toBe(0);
      expect(sum((r) => r.duplicates)).toBe(0);
      expect(sum((r) => r.pending)).toBe(0);
      expect(sum((r) => r.orphanTempAfterSweep)).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});
