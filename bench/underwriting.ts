// Underwriting benchmark: read and decide on a 12-page, 3-month bank statement and on four of them,
// warm and cold, with peak memory, next to pdftotext on the same file when it is installed.
// Run: npx tsx bench/underwriting.ts   (prints a markdown table; bench/run.ts collects it)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import {
  buildOutcome,
  extractPdfText,
  ReaderPool,
  DEFAULT_READER_POOL_OPTIONS,
  runUnderwriting,
  type StatedAnswers,
  type StatementInput,
  OcrRunner,
  parseStatementPages,
} from '../server/services/underwriting/index';
import { ALL_NOISE, buildLedger } from '../server/test/statements/ledger';
import { OCR_FIXTURE_GREY_PNG } from '../server/test/statements/ocr-fixture';
import { renderStatementPdf, type RenderOptions } from '../server/test/statements/render';
import { FAMILIES, buildCorpusCase, caseOptionsFor } from '../server/test/statements/corpus';
import { checkCase } from '../server/test/statements/corpus-check';

const STATED: StatedAnswers = {
  loanAmount: 150_000,
  estimatedCreditScore: 700,
  monthlyRevenue: '$50,000 - $100,000',
  timeInBusiness: '5-10 years',
  businessStartDate: '2016-04-01',
  businessType: 'Restaurant',
};
const WARM_RUNS = 15;
const COLD_RUNS = 3;

type Row = { measure: string; data: string; figure: string; goal: string; verdict: '' | 'pass' | 'fail' };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 1 : 0)} ms`;
}

function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/**
 * Peak resident memory of this process (main thread plus reader workers) while `work` runs, and the CPU time it
 * used on all threads: CPU time hardly changes when other processes compete for the cores, wall time does.
 */
async function withPeakRss<T>(
  work: () => Promise<T>,
): Promise<{ value: T; peakRss: number; baseRss: number; cpuMs: number }> {
  const baseRss = process.memoryUsage.rss();
  const cpuBefore = process.cpuUsage();
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  try {
    const value = await work();
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const cpu = process.cpuUsage(cpuBefore);
    return { value, peakRss, baseRss, cpuMs: (cpu.user + cpu.system) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;

// --- Fixtures: 12-page, 3-month statements in three layouts (about 210 transactions a month). ---------------------
const dir = mkdtempSync(join(tmpdir(), 'underwriting-bench-'));
const variants: Array<{ seed: number; render: RenderOptions; deposits: number; debits: number }> = [
  { seed: 7, render: { layout: 'signed-amount', negativeStyle: 'parentheses' }, deposits: 95, debits: 85 },
  { seed: 8, render: { layout: 'debit-credit' }, deposits: 100, debits: 88 },
  { seed: 9, render: { layout: 'sections' }, deposits: 90, debits: 80 },
  { seed: 10, render: { layout: 'signed-amount', negativeStyle: 'trailing-minus' }, deposits: 95, debits: 85 },
];
const statements: StatementInput[] = [];
const pages: number[] = [];
let transactions = 0;
for (const [index, variant] of variants.entries()) {
  const ledger = buildLedger({
    seed: variant.seed,
    firstMonth: '2025-01',
    months: 3,
    noise: ALL_NOISE,
    depositsPerMonth: variant.deposits,
    debitsPerMonth: variant.debits,
  });
  const pdf = await renderStatementPdf(ledger, variant.render);
  const path = join(dir, `statement-${index + 1}.pdf`);
  writeFileSync(path, pdf);
  pages.push(pageCount(pdf));
  if (index === 0) transactions = ledger.periods.reduce((sum, period) => sum + period.entries.length, 0);
  statements.push({
    documentId: `bench-${index + 1}`,
    fileName: `statement-${index + 1}.pdf`,
    path,
    mimeType: 'application/pdf',
  });
}
const [single] = statements;
if (!single) throw new Error('no fixture');
const singleData = `1 statement, ${pages[0]} pages, 3 months, ${transactions} transactions`;
const fourData = `4 statements, ${pages.join('+')} pages, 3 layouts`;
const rows: Row[] = [];
const loadAtStart = loadavg();

// --- Cold: a fresh Node process per run; the figure counts from process start (module loading, worker start,
// pdf.js load, and a first read the JIT has not optimised yet) to the decision. ------------------------------------
const COLD_SCRIPT = `
const [moduleUrl, path, stated] = process.argv.slice(1);
const engine = await import(moduleUrl);
const outcome = await engine.runUnderwriting({
  stated: JSON.parse(stated),
  statements: [{ documentId: 'cold', fileName: 'cold.pdf', path, mimeType: 'application/pdf' }],
});
const total = performance.now();
await engine.closeReader();
if (outcome.documents[0].parseStatus !== 'parsed') throw new Error(outcome.documents[0].parseNote);
const usage = process.resourceUsage();
process.stdout.write(JSON.stringify({ total, cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
`;

type ColdRun = { total: number; cpu: number };

function coldRuns(modulePath: string, withTsx: boolean): ColdRun[] {
  const runs: ColdRun[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const args = [...(withTsx ? ['--import', 'tsx'] : []), '--input-type=module', '-e', COLD_SCRIPT];
    const child = spawnSync(
      process.execPath,
      [...args, pathToFileURL(modulePath).href, single?.path ?? '', JSON.stringify(STATED)],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(`cold run failed: ${child.stderr}`);
    runs.push(JSON.parse(child.stdout.trim()) as ColdRun);
  }
  return runs;
}

function coldFigure(runs: ColdRun[]): string {
  const totals = runs.map((run) => run.total);
  return `median ${ms(median(totals))} (${totals.map(ms).join(', ')}); CPU ${ms(median(runs.map((run) => run.cpu)))} (all threads)`;
}

const devCold = coldRuns(resolve('server/services/underwriting/index.ts'), true);
rows.push({
  measure: 'read + decide, cold: process start to decision (development: tsx, TypeScript worker)',
  data: singleData,
  figure: coldFigure(devCold),
  goal: '<= 1 s',
  verdict: median(devCold.map((run) => run.total)) <= 1000 ? 'pass' : 'fail',
});

// Production runs the esbuild bundle (scripts/build-server.mjs): bundle the engine and its worker the same way,
// inside node_modules/.cache so the external packages (pdf.js) resolve as they do from dist-server/.
const bundleDir = resolve('node_modules/.cache/underwriting-bench');
rmSync(bundleDir, { recursive: true, force: true });
mkdirSync(bundleDir, { recursive: true });
await build({
  entryPoints: {
    engine: 'server/services/underwriting/index.ts',
    'reader-worker': 'server/services/underwriting/reader-worker.ts',
  },
  outdir: bundleDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
// dist-server/ sits under the project's package.json ("type": "module"); node_modules/ is outside that scope.
writeFileSync(join(bundleDir, 'package.json'), '{ "type": "module" }\n');
const prodCold = coldRuns(join(bundleDir, 'engine.js'), false);
rows.push({
  measure: 'read + decide, cold: process start to decision (production esbuild bundle)',
  data: singleData,
  figure: coldFigure(prodCold),
  goal: '<= 1 s',
  verdict: median(prodCold.map((run) => run.total)) <= 1000 ? 'pass' : 'fail',
});
// Where the cold second goes: the phases of a cold run in a fresh process, wall and CPU (all threads) at each.
const PHASE_SCRIPT = `
const [moduleUrl, path, stated, mode] = process.argv.slice(1);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const marks = [[performance.now(), cpu()]];
const engine = await import(moduleUrl);
marks.push([performance.now(), cpu()]);
await engine.warmUpReader(mode === 'warmed');
marks.push([performance.now(), cpu()]);
const outcome = await engine.runUnderwriting({
  stated: JSON.parse(stated),
  statements: [{ documentId: 'cold', fileName: 'cold.pdf', path, mimeType: 'application/pdf' }],
});
marks.push([performance.now(), cpu()]);
await engine.closeReader();
if (outcome.documents[0].parseStatus !== 'parsed') throw new Error(outcome.documents[0].parseNote);
process.stdout.write(JSON.stringify(marks));
`;

type Marks = Array<[number, number]>;

function phaseRuns(mode: 'started' | 'warmed'): Marks[] {
  const runs: Marks[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        PHASE_SCRIPT,
        pathToFileURL(join(bundleDir, 'engine.js')).href,
        single?.path ?? '',
        JSON.stringify(STATED),
        mode,
      ],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(`cold phase run failed: ${child.stderr}`);
    runs.push(JSON.parse(child.stdout.trim()) as Marks);
  }
  return runs;
}

/** Median wall and CPU of each phase (mark i to mark i+1; the first phase is node's own start). */
function phaseFigures(runs: Marks[]): Array<{ wall: number; cpu: number }> {
  const count = runs[0]?.length ?? 0;
  return Array.from({ length: count }, (_, index) => ({
    wall: median(runs.map((marks) => (marks[index]?.[0] ?? 0) - (index > 0 ? (marks[index - 1]?.[0] ?? 0) : 0))),
    cpu: median(runs.map((marks) => (marks[index]?.[1] ?? 0) - (index > 0 ? (marks[index - 1]?.[1] ?? 0) : 0))),
  }));
}

const phase = (figure: { wall: number; cpu: number } | undefined) =>
  figure ? `${ms(figure.wall)} (CPU ${ms(figure.cpu)})` : '-';
const started = phaseFigures(phaseRuns('started'));
rows.push({
  measure:
    'cold read, where the time goes (production bundle): node start / engine import / 2 reader workers + pdf.js / first read (JIT cold) + decision',
  data: singleData,
  figure: started.map(phase).join(' / '),
  goal: '-',
  verdict: '',
});
const warmed = phaseFigures(phaseRuns('warmed'));
const afterStart = warmed[3]?.wall ?? Number.POSITIVE_INFINITY;
rows.push({
  measure:
    'read + decide, first submission after server start (production bundle; the server warms the reader at start: workers, pdf.js, a JIT pass over a built-in statement)',
  data: singleData,
  figure: `median ${ms(afterStart)} (CPU ${ms(warmed[3]?.cpu ?? 0)}); warm-up at start ${phase(warmed[2])}`,
  goal: '<= 1 s',
  verdict: afterStart <= 1000 ? 'pass' : 'fail',
});
rmSync(bundleDir, { recursive: true, force: true });

// --- Warm: the shared reader pool already running, as in a server that has answered a submission. ----------------
const pool = new ReaderPool(DEFAULT_READER_POOL_OPTIONS);
await pool.warmUp();
for (let run = 0; run < 5; run += 1) await runUnderwriting({ stated: STATED, statements }, { pool });

const singleTimes: number[] = [];
const singleRun = await withPeakRss(async () => {
  for (let run = 0; run < WARM_RUNS; run += 1) {
    const started = performance.now();
    const outcome = await runUnderwriting({ stated: STATED, statements: [single] }, { pool });
    singleTimes.push(performance.now() - started);
    if (outcome.documents[0]?.parseStatus !== 'parsed') throw new Error('warm run could not read the statement');
  }
});
rows.push({
  measure: 'read + decide, warm (reader workers running)',
  data: singleData,
  figure: `median ${ms(median(singleTimes))}, p90 ${ms(percentile(singleTimes, 90))}; CPU ${ms(singleRun.cpuMs / WARM_RUNS)} a run (all threads)`,
  goal: '<= 150 ms',
  verdict: median(singleTimes) <= 150 ? 'pass' : 'fail',
});

const fourTimes: number[] = [];
const fourRun = await withPeakRss(async () => {
  for (let run = 0; run < WARM_RUNS; run += 1) {
    const started = performance.now();
    const outcome = await runUnderwriting({ stated: STATED, statements }, { pool });
    fourTimes.push(performance.now() - started);
    if (outcome.documents.some((document) => document.parseStatus !== 'parsed'))
      throw new Error('a statement was not read');
  }
});
rows.push({
  measure: 'read + decide, warm, one submission with four statements',
  data: fourData,
  figure: `median ${ms(median(fourTimes))}, p90 ${ms(percentile(fourTimes, 90))}; CPU ${ms(fourRun.cpuMs / WARM_RUNS)} a run (all threads)`,
  goal: '-',
  verdict: '',
});
rows.push({
  measure: 'peak resident memory (process + reader workers)',
  data: `${singleData} / ${fourData}`,
  figure: `${mib(singleRun.peakRss)} / ${mib(fourRun.peakRss)} (idle with workers: ${mib(singleRun.baseRss)})`,
  goal: `reader heap capped at ${DEFAULT_READER_POOL_OPTIONS.heapMb} MB per worker`,
  verdict: '',
});
// --- The statement corpus: every family read in the warm worker pool, with whether it reads to the cent. --------
for (const family of FAMILIES) {
  const item = await buildCorpusCase({ ...caseOptionsFor(family, 1), cycles: 3, cycleDay: 1, dropCycle: null });
  const paths = item.pdfs.map((pdf, index) => {
    const path = join(dir, `${family}-${index + 1}.pdf`);
    writeFileSync(path, pdf);
    return path;
  });
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const reads = await Promise.all(paths.map((path) => pool.read(path)));
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (reads.some((read) => !read.ok)) throw new Error(`${family}: a statement was not read`);
  }
  const report = await checkCase(item);
  const pagesRead = item.pdfs.reduce((sum, pdf) => sum + pageCount(pdf), 0);
  const count = item.ledger.periods.reduce((sum, period) => sum + period.entries.length, 0);
  rows.push({
    measure: `corpus family ${family}: read in the reader workers, warm`,
    data: `${item.pdfs.length} PDF(s), ${pagesRead} pages, 3 months, ${count} transactions`,
    figure: `median ${ms(median(times.slice(2)))} (CPU ${ms(median(cpuTimes.slice(2)))}, all threads); ${report.ok ? 'reads to the cent' : `WRONG: ${report.problems[0] ?? ''}`}`,
    goal: 'to the cent',
    verdict: report.ok ? 'pass' : 'fail',
  });
}
await pool.close();

// --- Where the time goes, in-process (no worker hop): pdf.js text extraction vs our parsing and decision. -------
const bytes = new Uint8Array(readFileSync(single.path));
const extractTimes: number[] = [];
const extractCpu: number[] = [];
const parseTimes: number[] = [];
const decideTimes: number[] = [];
for (let run = 0; run < WARM_RUNS + 3; run += 1) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const text = await extractPdfText(bytes);
  const t1 = performance.now();
  const cpu1 = process.cpuUsage(cpu0);
  if (!text.ok) throw new Error(text.reason);
  const parsed = parseStatementPages(text.pages);
  const t2 = performance.now();
  buildOutcome(STATED, [{ documentId: 'x', fileName: 'x.pdf', read: parsed }]);
  const t3 = performance.now();
  if (run < 3) continue;
  extractTimes.push(t1 - t0);
  extractCpu.push((cpu1.user + cpu1.system) / 1000);
  parseTimes.push(t2 - t1);
  decideTimes.push(t3 - t2);
}
rows.push({
  measure: 'breakdown, warm, in-process: pdf.js text / our parser / insights + decision',
  data: singleData,
  figure: `${ms(median(extractTimes))} (CPU ${ms(median(extractCpu))}) / ${ms(median(parseTimes))} / ${ms(median(decideTimes))}`,
  goal: '-',
  verdict: '',
});

// --- OCR of one photographed page (the second stage): after the answer, in the OCR thread. ------------------
{
  const runner = new OcrRunner();
  try {
    const started = performance.now();
    const cold = await runner.run(OCR_FIXTURE_GREY_PNG);
    const coldMs = performance.now() - started;
    if (!cold.read.ok) throw new Error(cold.read.reason);
    const warm: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const t0 = performance.now();
      const result = await runner.run(OCR_FIXTURE_GREY_PNG);
      if (!result.read.ok) throw new Error(result.read.reason);
      warm.push(performance.now() - t0);
    }
    rows.push({
      measure: 'OCR of one photographed page, background thread: cold (thread + English data) / warm',
      data: '1 PNG page, 1700 x 2200 (200 dpi), 27 transactions',
      figure: `${ms(coldMs)} / median ${ms(median(warm))}`,
      goal: 'never in the request',
      verdict: '',
    });
  } finally {
    await runner.close();
  }
}

// --- pdftotext on the same file, when installed. ----------------------------------------------------------------
const which = spawnSync('which', ['pdftotext'], { encoding: 'utf8' });
if (which.status === 0) {
  const times: number[] = [];
  for (let run = 0; run < WARM_RUNS; run += 1) {
    const started = performance.now();
    execFileSync('pdftotext', ['-layout', single.path, '-']);
    times.push(performance.now() - started);
  }
  const ratio = median(singleTimes) / median(times);
  rows.push({
    measure: 'pdftotext -layout on the same file (text only, no decision)',
    data: singleData,
    figure: `median ${ms(median(times))}; engine warm is ${ratio.toFixed(1)}x`,
    goal: '<= 5x pdftotext',
    verdict: ratio <= 5 ? 'pass' : 'fail',
  });
} else {
  rows.push({
    measure: 'pdftotext on the same file',
    data: singleData,
    figure: 'not measured: pdftotext is not installed on this machine',
    goal: '<= 5x pdftotext',
    verdict: '',
  });
}
rmSync(dir, { recursive: true, force: true });
// Other work on the machine skews every figure above; say how busy it was.
const loadAtEnd = loadavg();
rows.push({
  measure: 'machine load average (1 min) at start / end of this benchmark',
  data: `${cpus().length} CPUs`,
  figure: `${(loadAtStart[0] ?? 0).toFixed(1)} / ${(loadAtEnd[0] ?? 0).toFixed(1)}`,
  goal: 'figures are comparable only below ~1 per CPU',
  verdict: '',
});

// Same columns as bench/lib.ts formatTable, so bench/run.ts can paste this output as is.
const header = '| group | what is measured | data | figure | goal | |\n|---|---|---|---|---|---|';
const table = rows.map(
  (row) => `| Underwriting | ${row.measure} | ${row.data} | ${row.figure} | ${row.goal} | ${row.verdict} |`,
);
process.stdout.write(`${[header, ...table].join('\n')}\n`);
