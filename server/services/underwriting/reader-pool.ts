// Reads statements in worker threads so a hostile or huge PDF costs bounded time and memory and never blocks the
// server's event loop (item 4). Workers stay warm between submissions; a worker that times out or runs out
// of memory is terminated and replaced on the next read.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { READER_HEAP_MB, READER_IDLE_MS, READER_POOL_SIZE, READER_START_TIMEOUT_MS, READ_TIMEOUT_MS } from './policy';
import type { ReaderRequest, ReaderResponse } from './reader-worker';
import type { Line } from './text-layout';
import type { ReadResult } from './types';

export type ReaderPoolOptions = {
  size: number;
  heapMb: number;
  timeoutMs: number;
  startTimeoutMs: number;
  idleMs: number;
};

export const DEFAULT_READER_POOL_OPTIONS: ReaderPoolOptions = {
  size: READER_POOL_SIZE,
  heapMb: READER_HEAP_MB,
  timeoutMs: READ_TIMEOUT_MS,
  startTimeoutMs: READER_START_TIMEOUT_MS,
  idleMs: READER_IDLE_MS,
};

type Request = DistributiveOmit<ReaderRequest, 'id'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Answer = Exclude<ReaderResponse, { type: 'ready' }>;
type Job = { request: Request; timeoutMs: number; finish: (answer: Answer | { failed: string }) => void };
type Slot = {
  worker: Worker;
  isReady: boolean;
  job: (Job & { id: number; timer: NodeJS.Timeout | null }) | null;
  startTimer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  onReady: Array<(ok: boolean) => void>;
};

// Development and tests run the TypeScript worker through tsx. Node 20 ignores `--import` in a worker's execArgv,
// so the worker registers tsx itself. pdf.js (main and worker modules) is imported before tsx is registered:
// running its two 2 MB bundles through tsx costs ~1 s per worker start, and they are plain JavaScript anyway.
// The built-ins pdf.js's core-js replaces are put back, as loadPdfJs does in production (see pdf-text.ts).
const TS_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const natives = [[Array.prototype, 'push'], [JSON, 'parse'], [JSON, 'stringify'], [Function.prototype, 'toString']]
  .map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)]);
Promise.all([import(workerData.pdfjs), import(workerData.pdfjsWorker)])
  .then(() => { for (const [target, key, descriptor] of natives) Object.defineProperty(target, key, descriptor); })
  .then(() => import(workerData.tsxApi))
  .then((api) => { api.register(); return import(workerData.entry); });
`;

/** Starts a thread on the reader entry (the reader pool's workers, and the OCR thread of ocr-runner.ts). */
export function spawnReaderWorker(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
  // The parent's flags are not the reader's business, and some break it (--input-type fails any file worker).
  const execArgv: string[] = [];
  // esbuild bundles this module into dist-server/main.js and the worker next to it as reader-worker.js.
  const built = new URL('./reader-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built, { resourceLimits, execArgv });
  const require = createRequire(import.meta.url);
  const workerData = {
    entry: new URL('./reader-worker.ts', import.meta.url).href,
    tsxApi: tsxEsmApiUrl(require),
    pdfjs: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
    pdfjsWorker: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href,
  };
  return new Worker(TS_BOOTSTRAP, { eval: true, workerData, resourceLimits, execArgv });
}

/** tsx's ESM API entry (require.resolve would give its CommonJS build, whose register() fails from ESM). */
function tsxEsmApiUrl(require: NodeJS.Require): string {
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = z
    .object({ exports: z.object({ './esm/api': z.object({ import: z.object({ default: z.string() }) }) }) })
    .parse(require(manifestPath));
  return new URL(manifest.exports['./esm/api'].import.default, pathToFileURL(manifestPath)).href;
}

function describeWorkerError(error: unknown, heapMb: number): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return `Reading the PDF needed more than ${heapMb} MB of memory; it was stopped.`;
  }
  return 'The statement reader stopped unexpectedly on this file.';
}

export class ReaderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Set by warmUp (a server): one warm worker is kept through idle periods, so no applicant pays a cold start. */
  private keepWarm = false;

  constructor(private readonly options: ReaderPoolOptions = DEFAULT_READER_POOL_OPTIONS) {}

  /**
   * Reads one statement: its pages are split between the pool's workers (pdf.js is single-threaded, and a dense
   * 12-page statement is most of the wait), then one worker parses the merged lines. Resolves with the parse
   * result or the reason the file could not be read; never rejects. `timeoutMs` bounds each step.
   */
  async read(path: string, timeoutMs = this.options.timeoutMs): Promise<ReadResult> {
    // A lone warm worker reads the whole file rather than wait for a cold second one, which is started meanwhile.
    const idle = this.slots.filter((slot) => slot.isReady && !slot.job).length;
    const alone = this.keepWarm && idle === 1 && this.slots.length < this.options.size;
    if (alone) void this.warmSpare();
    const count = alone ? 1 : Math.max(1, Math.min(this.options.size, 2));
    const shards = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        this.run({ type: 'extract', path, shard: { index, count } }, timeoutMs),
      ),
    );
    const lines: Line[] = [];
    let pageCount = 0;
    for (const shard of shards) {
      if ('failed' in shard) return { ok: false, reason: shard.failed };
      if (shard.type !== 'extracted') return { ok: false, reason: 'The statement reader answered out of turn.' };
      if (!shard.result.ok) return shard.result;
      pageCount = shard.result.pageCount;
      lines.push(...shard.result.lines);
    }
    // Shards interleave pages; a stable sort by page keeps each page's own top-to-bottom order.
    lines.sort((a, b) => a.page - b.page);
    const parsed = await this.run({ type: 'parse', lines, pageCount }, timeoutMs);
    if ('failed' in parsed) return { ok: false, reason: parsed.failed };
    return parsed.type === 'parsed'
      ? parsed.result
      : { ok: false, reason: 'The statement reader answered out of turn.' };
  }

  /**
   * Starts the workers, loads pdf.js and has each read a built-in synthetic statement, so the first submission
   * pays neither the start nor the JIT's first pass (docs/architecture.md); one worker then stays through idle time.
   */
  async warmUp(jit = true): Promise<void> {
    this.keepWarm = true;
    while (this.slots.length < this.options.size) {
      if (!this.spawn()) break;
    }
    await Promise.all(this.slots.map((slot) => this.whenReady(slot)));
    if (jit) await Promise.all(this.slots.map(() => this.run({ type: 'warm' }, this.options.timeoutMs)));
  }

  /** A second worker started beside a lone warm one, warmed before it takes a share of the reading. */
  private async warmSpare(): Promise<void> {
    const slot = this.spawn();
    if (!slot || !(await this.whenReady(slot)) || slot.job) return;
    this.assign(slot, { request: { type: 'warm' }, timeoutMs: this.options.timeoutMs, finish: () => this.pump() });
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const job of this.queue.splice(0)) job.finish({ failed: 'The statement reader was shut down.' });
    await Promise.all(
      slots.map(async (slot) => {
        this.clearTimers(slot);
        slot.job?.finish({ failed: 'The statement reader was shut down.' });
        slot.job = null;
        await slot.worker.terminate();
      }),
    );
  }

  get workerCount(): number {
    return this.slots.length;
  }

  private run(request: Request, timeoutMs: number): Promise<Answer | { failed: string }> {
    return new Promise((finish) => {
      this.queue.push({ request, timeoutMs, finish });
      this.pump();
    });
  }

  private whenReady(slot: Slot): Promise<boolean> {
    if (slot.isReady) return Promise.resolve(true);
    if (!this.slots.includes(slot)) return Promise.resolve(false);
    return new Promise((resolve) => slot.onReady.push(resolve));
  }

  private pump() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (!slot && this.slots.length < this.options.size) {
        slot = this.spawn();
        if (!slot) {
          for (const job of this.queue.splice(0)) job.finish({ failed: 'The statement reader is not available.' });
          return;
        }
      }
      if (!slot) return;
      const job = this.queue.shift();
      if (!job) return;
      this.assign(slot, job);
    }
  }

  private spawn(): Slot | undefined {
    let worker: Worker;
    try {
      worker = spawnReaderWorker(this.options.heapMb);
    } catch {
      return undefined;
    }
    const slot: Slot = { worker, isReady: false, job: null, startTimer: null, idleTimer: null, onReady: [] };
    this.slots.push(slot);
    // Referenced until ready (bounded by the start timeout) so an awaited warm-up keeps the process alive.
    slot.startTimer = setTimeout(
      () => this.fail(slot, 'The statement reader did not start in time.'),
      this.options.startTimeoutMs,
    );
    worker.on('message', (message: ReaderResponse) => {
      if (message.type === 'ready') {
        slot.isReady = true;
        if (slot.startTimer) clearTimeout(slot.startTimer);
        slot.startTimer = null;
        if (!slot.job) {
          worker.unref();
          this.scheduleIdle(slot);
        }
        for (const callback of slot.onReady.splice(0)) callback(true);
        return;
      }
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      if (job.timer) clearTimeout(job.timer);
      slot.job = null;
      worker.unref();
      this.scheduleIdle(slot);
      job.finish(message);
      this.pump();
    });
    worker.on('error', (error) => this.fail(slot, describeWorkerError(error, this.options.heapMb)));
    worker.on('exit', () => this.fail(slot, 'The statement reader stopped unexpectedly on this file.'));
    return slot;
  }

  private assign(slot: Slot, job: Job) {
    const id = this.nextId++;
    slot.job = { ...job, id, timer: null };
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    // While a read is running the worker keeps the process alive; idle workers never do.
    slot.worker.ref();
    void this.whenReady(slot).then((ok) => {
      const active = slot.job;
      if (!ok || !active || active.id !== id) return;
      active.timer = setTimeout(() => {
        this.fail(
          slot,
          `Reading the PDF took longer than ${Math.max(1, Math.round(job.timeoutMs / 1000))} s; it was stopped.`,
        );
      }, job.timeoutMs);
      const request: ReaderRequest = { ...job.request, id };
      slot.worker.postMessage(request);
    });
  }

  /** Ends the worker and answers its job (if any) with the reason; the next read starts a fresh worker. */
  private fail(slot: Slot, reason: string) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    this.clearTimers(slot);
    for (const callback of slot.onReady.splice(0)) callback(false);
    const job = slot.job;
    slot.job = null;
    job?.finish({ failed: reason });
    void slot.worker.terminate();
    this.pump();
  }

  private scheduleIdle(slot: Slot) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.job) return;
      if (this.keepWarm && this.slots.length === 1) return;
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      this.clearTimers(slot);
      void slot.worker.terminate();
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }

  private clearTimers(slot: Slot) {
    if (slot.job?.timer) clearTimeout(slot.job.timer);
    if (slot.startTimer) clearTimeout(slot.startTimer);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.startTimer = null;
    slot.idleTimer = null;
  }
}

let sharedPool: ReaderPool | undefined;

/** The process-wide pool used by runUnderwriting. */
export function getReaderPool(): ReaderPool {
  sharedPool ??= new ReaderPool();
  return sharedPool;
}

/** Call at server start so the first applicant waits neither for pdf.js to load nor for the JIT's first pass. */
export function warmUpReader(jit = true): Promise<void> {
  return getReaderPool().warmUp(jit);
}

/** Stops the shared pool's workers (tests, graceful shutdown). */
export async function closeReader(): Promise<void> {
  const pool = sharedPool;
  sharedPool = undefined;
  await pool?.close();
}
