// Runs OCR in a thread of its own, one file at a time (second stage). The thread is the reader entry
// (reader-worker.ts) receiving `ocr` requests; tesseract.js starts its own worker thread inside it, so ending this
// thread ends tesseract too. A file that runs past its time, a crash or a stuck page ends the thread; the next file
// starts a fresh one. The reader pool that answers submissions is never used for OCR.
import type { Worker } from 'node:worker_threads';
import type { OcrEngineOptions, OcrFileResult } from './ocr-engine';
import {
  OCR_FILE_TIMEOUT_MS,
  OCR_HEAP_MB,
  OCR_IDLE_MS,
  OCR_MAX_IMAGE_PIXELS,
  OCR_MAX_PAGES,
  OCR_PAGE_TIMEOUT_MS,
  OCR_START_TIMEOUT_MS,
} from './policy';
import { spawnReaderWorker } from './reader-pool';
import type { ReaderRequest, ReaderResponse } from './reader-worker';

export type OcrRunnerOptions = {
  heapMb: number;
  startTimeoutMs: number;
  fileTimeoutMs: number;
  idleMs: number;
  engine: OcrEngineOptions;
};

export const DEFAULT_OCR_RUNNER_OPTIONS: OcrRunnerOptions = {
  heapMb: OCR_HEAP_MB,
  startTimeoutMs: OCR_START_TIMEOUT_MS,
  fileTimeoutMs: OCR_FILE_TIMEOUT_MS,
  idleMs: OCR_IDLE_MS,
  engine: {
    pageTimeoutMs: OCR_PAGE_TIMEOUT_MS,
    startTimeoutMs: OCR_START_TIMEOUT_MS,
    maxPages: OCR_MAX_PAGES,
    maxPixels: OCR_MAX_IMAGE_PIXELS,
  },
};

/** One OCR run; `isAborted` when the runner was closed meanwhile (shutdown), which is no verdict on the file. */
export type OcrRun = OcrFileResult & { isAborted: boolean };

function failedRun(reason: string, ms: number, isAborted = false): OcrRun {
  return {
    read: { ok: false, reason },
    kind: 'unknown',
    pageCount: 0,
    pagesRead: 0,
    meanConfidence: null,
    pageMs: [],
    ms,
    isAborted,
  };
}

type Active = { id: number; finish: (run: OcrRun) => void; timer: NodeJS.Timeout };

export class OcrRunner {
  private worker: Worker | null = null;
  private ready: Promise<boolean> | null = null;
  private active: Active | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private isClosed = false;

  constructor(private readonly options: OcrRunnerOptions = DEFAULT_OCR_RUNNER_OPTIONS) {}

  /** OCRs one file; calls queue behind each other. Resolves with the result or the reason; never rejects. */
  run(path: string): Promise<OcrRun> {
    const next = this.queue.then(() => this.runNow(path));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Ends the thread; a run in progress resolves as aborted. Later runs start a new thread. */
  async close(): Promise<void> {
    this.isClosed = true;
    this.stop('The OCR engine was shut down.', true);
    await this.queue;
    this.isClosed = false;
  }

  get hasThread(): boolean {
    return this.worker !== null;
  }

  private async runNow(path: string): Promise<OcrRun> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    if (this.isClosed) return failedRun('The OCR engine was shut down.', 0, true);
    const worker = this.ensureWorker();
    if (!worker || !(await this.ready)) return failedRun('The OCR engine did not start.', elapsed(), this.isClosed);
    if (this.worker !== worker) return failedRun('The OCR engine stopped unexpectedly.', elapsed(), this.isClosed);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    worker.ref();
    return new Promise<OcrRun>((resolve) => {
      const id = this.nextId++;
      const seconds = Math.max(1, Math.round(this.options.fileTimeoutMs / 1000));
      const timer = setTimeout(
        () => this.stop(`OCR of the file took longer than ${seconds} s; it was stopped.`),
        this.options.fileTimeoutMs,
      );
      this.active = {
        id,
        timer,
        finish: (run) => {
          clearTimeout(timer);
          this.active = null;
          resolve(run.ms > 0 ? run : { ...run, ms: elapsed() });
        },
      };
      const request: ReaderRequest = { type: 'ocr', id, path, options: this.options.engine };
      worker.postMessage(request);
    });
  }

  private ensureWorker(): Worker | null {
    if (this.worker) return this.worker;
    let worker: Worker;
    try {
      worker = spawnReaderWorker(this.options.heapMb);
    } catch {
      return null;
    }
    this.worker = worker;
    this.ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        resolve(false);
        this.stop('The OCR engine did not start in time.');
      }, this.options.startTimeoutMs);
      worker.on('message', (message: ReaderResponse) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(true);
          return;
        }
        if (message.type !== 'ocred' || this.worker !== worker) return;
        const active = this.active;
        if (!active || active.id !== message.id) return;
        // A failed file may have left tesseract mid-page: start the next file on a fresh thread.
        if (message.result.read.ok) this.scheduleIdle(worker);
        else this.stop(null);
        active.finish({ ...message.result, isAborted: false });
      });
      const onGone = (error?: unknown) => {
        clearTimeout(timer);
        resolve(false);
        if (this.worker !== worker) return;
        const outOfMemory = error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
        this.stop(
          outOfMemory
            ? `OCR needed more than ${this.options.heapMb} MB of memory; it was stopped.`
            : 'The OCR engine stopped unexpectedly on this file.',
        );
      };
      worker.on('error', onGone);
      worker.on('exit', () => onGone());
    });
    return worker;
  }

  /** Terminates the thread; a run in progress gets `reason` (null: it has its answer already). */
  private stop(reason: string | null, isAborted = false) {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const active = this.active;
    if (active && reason !== null) active.finish(failedRun(reason, 0, isAborted));
    if (worker) void worker.terminate();
  }

  private scheduleIdle(worker: Worker) {
    worker.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && !this.active) this.stop(null);
    }, this.options.idleMs);
    this.idleTimer.unref();
  }
}
