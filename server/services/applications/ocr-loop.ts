// The background OCR loop (second stage): runs in every server process, outside any request. It claims
// queued jobs one at a time, OCRs the file in the OCR thread and rebuilds the stored analysis. A submission that
// queued a job wakes it at once; otherwise it looks every OCR_POLL_MS, which is also how it finds jobs queued by
// other processes and jobs whose claimer died (lease expired). Stopping terminates the OCR thread and gives an
// unfinished job back to the queue.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { applicationDocuments } from '../../../drizzle/schema/index';
import type { AppDeps } from '../../deps';
import { OcrRunner, OCR_MAX_ATTEMPTS, OCR_POLL_MS, type ReaderPool } from '../underwriting/index';
import { claimOcrJob, releaseOcrJob, type ClaimedOcrJob } from './ocr-jobs';
import { finishOcrJob } from './ocr-reanalyze';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

export type OcrLoopOptions = {
  runner?: OcrRunner;
  pool?: ReaderPool;
  /** This process's claim id (random by default). */
  claimer?: string;
  pollMs?: number;
  leaseMs?: number;
  /** Tests only: take jobs of these applications and leave the rest of the shared test database alone. */
  applicationIds?: string[];
  isStopping?: () => boolean;
};

export type OcrJobOutcome = { jobId: string; documentId: string; status: 'read' | 'failed' | 'released' | 'lost' };

const wakers = new Set<() => void>();

/** Called by the submission after it committed OCR jobs: this process's loop starts on them now. */
export function notifyOcrQueued(): void {
  for (const wake of wakers) wake();
}

async function processJob(deps: Deps, job: ClaimedOcrJob, runner: OcrRunner, options: OcrLoopOptions) {
  const outcome = (status: OcrJobOutcome['status']): OcrJobOutcome => ({
    jobId: job.id,
    documentId: job.documentId,
    status,
  });
  if (job.attempts > OCR_MAX_ATTEMPTS) {
    // Every earlier claimer died on this file (a crash or the host killed the process): stop retrying.
    const saved = await finishOcrJob(deps, {
      job,
      pool: options.pool,
      finish: {
        kind: 'failed',
        reason: `OCR stopped ${OCR_MAX_ATTEMPTS} times before finishing this file; it was not read.`,
      },
    });
    return outcome(saved === 'saved' ? 'failed' : 'lost');
  }
  const [document] = await deps.db
    .select({ storageKey: applicationDocuments.storageKey })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.id, job.documentId));
  const file = document ? await deps.storage.openLocal(document.storageKey).catch(() => null) : null;
  if (!file) {
    const saved = await finishOcrJob(deps, {
      job,
      pool: options.pool,
      finish: { kind: 'failed', reason: 'The uploaded file is missing from storage.' },
    });
    return outcome(saved === 'saved' ? 'failed' : 'lost');
  }
  // Stopping while the file was fetched: the runner is closed already, and running now would start a new thread.
  if (options.isStopping?.()) {
    await file.dispose();
    await releaseOcrJob(deps.db, job);
    return outcome('released');
  }
  let run;
  try {
    run = await runner.run(file.path);
  } finally {
    await file.dispose();
  }
  if (run.isAborted || options.isStopping?.()) {
    await releaseOcrJob(deps.db, job);
    return outcome('released');
  }
  const saved = await finishOcrJob(deps, { job, pool: options.pool, finish: { kind: 'read', run } });
  deps.log.info(
    {
      jobId: job.id,
      documentId: job.documentId,
      ok: run.read.ok,
      pages: run.pagesRead,
      ms: run.ms,
      confidence: run.meanConfidence,
    },
    'statement OCR finished',
  );
  if (saved === 'lost') return outcome('lost');
  return outcome(run.read.ok ? 'read' : 'failed');
}

/** Claims and processes jobs until none is claimable (or stopping). Answers what happened to each. */
export async function runOcrJobs(deps: Deps, options: OcrLoopOptions = {}): Promise<OcrJobOutcome[]> {
  const runner = options.runner ?? new OcrRunner();
  const claimer = options.claimer ?? `ocr-${randomUUID()}`;
  const outcomes: OcrJobOutcome[] = [];
  while (!options.isStopping?.()) {
    const job = await claimOcrJob(deps.db, claimer, {
      leaseMs: options.leaseMs,
      applicationIds: options.applicationIds,
    });
    if (!job) break;
    outcomes.push(await processJob(deps, job, runner, options));
  }
  if (!options.runner) await runner.close();
  return outcomes;
}

export type OcrLoop = { wake: () => void; stop: () => Promise<void> };

/** Starts the loop (server start-up); `stop` ends it and the OCR thread (shutdown). */
export function startOcrLoop(deps: Deps, options: OcrLoopOptions = {}): OcrLoop {
  const runner = options.runner ?? new OcrRunner();
  const claimer = options.claimer ?? `ocr-${randomUUID()}`;
  const pollMs = options.pollMs ?? OCR_POLL_MS;
  let isStopping = false;
  let running: Promise<void> | null = null;
  let isWanted = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, pollMs);
    // Never what keeps the process alive.
    timer.unref();
  };
  function tick() {
    if (isStopping) return;
    if (running) {
      isWanted = true;
      return;
    }
    running = runOcrJobs(deps, { ...options, runner, claimer, isStopping: () => isStopping })
      .then(() => undefined)
      .catch((error: unknown) => {
        deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'OCR loop pass failed');
      })
      .finally(() => {
        running = null;
        if (isStopping) return;
        if (isWanted) {
          isWanted = false;
          tick();
        } else schedule();
      });
  }
  const wake = () => tick();
  wakers.add(wake);
  // At start-up too: jobs queued before a restart, or left by a process that died, are picked up now.
  tick();

  let stopped: Promise<void> | null = null;
  return {
    wake,
    stop: () => {
      stopped ??= (async () => {
        isStopping = true;
        wakers.delete(wake);
        if (timer) clearTimeout(timer);
        await runner.close();
        await running;
        // A pass that was between claiming and reading may have started the thread again after the first close.
        await runner.close();
      })();
      return stopped;
    },
  };
}
