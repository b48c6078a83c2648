// Lighthouse: the mobile performance score of / and /apply, against the production build served by
// the built server on a free port and a database of its own, in Debian's Chromium. Lighthouse's default (mobile)
// settings: a mid-range phone's screen, simulated slow 4G and a 4x CPU slowdown. Nothing is downloaded.
// Standalone: npm run build && npx tsx bench/lighthouse.ts [--dist DIR] [--server FILE] [--routes /,/apply] [--save DIR]
// [--tiers low]
// (prints a markdown table; bench/run.ts puts it next to the JavaScript sizes of bench/frontend.ts).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { formatTable, PHONES, simulatedSlowdownFor, startProductionServer, type PhoneTier, type Row } from './lib';

const argValue = (name: string, fallback: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const DIST = path.resolve(argValue('--dist', 'dist'));
const SERVER = argValue('--server', 'dist-server/main.js');
const DB_URL = process.env.BENCH_LIGHTHOUSE_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/funding_bench_lighthouse';
// Scores move by a few points from run to run on a busy machine: the median of several runs is reported.
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
// Goals: at Lighthouse's own 4x, and with this host slowed to a mid-tier and a low-tier phone (bench/lib.ts, PHONES),
// which hold on any day whatever the host's speed. `/` as a low-tier phone also keeps its total blocking time within
// 600 ms, and no page may shift its layout.
const ALL_PAGES: { route: string; goal: number | null; phones: Record<PhoneTier, number>; lowTbtMs?: number }[] = [
  { route: '/', goal: 95, phones: { mid: 98, low: 90 }, lowTbtMs: 600 },
  { route: '/apply', goal: null, phones: { mid: 95, low: 85 } },
];
// --routes /,/apply picks some of them; --save DIR keeps each run's full Lighthouse report (JSON) for diagnosis:
// the LCP element, layout-shift elements, main-thread breakdown and long tasks are all in it.
const ROUTES = argValue('--routes', '');
const PAGES = ROUTES ? ALL_PAGES.filter((page) => ROUTES.split(',').includes(page.route)) : ALL_PAGES;
const SAVE_DIR = argValue('--save', '');
// BENCH_LIGHTHOUSE_CALIBRATED=0 skips the runs as a mid-tier and a low-tier phone (quicker A/B comparisons of builds).
const CALIBRATED = process.env.BENCH_LIGHTHOUSE_CALIBRATED !== '0';
// --tiers low: only some of the phone tiers (the 4x runs still come first: they measure the host's index).
const TIERS = argValue('--tiers', 'mid,low')
  .split(',')
  .filter((tier): tier is PhoneTier => tier in PHONES);

type Run = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  benchmarkIndex: number;
  cpuSlowdown: number;
  version: string;
};

let saved = 0;

async function audit(url: string, port: number, cpuSlowdown?: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (SAVE_DIR) {
    mkdirSync(SAVE_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
    saved += 1;
    writeFileSync(path.join(SAVE_DIR, `${name}-${saved}.json`), JSON.stringify(lhr));
    // The trace it measured (the page loaded without throttling; Lighthouse simulates the slow phone from it).
    writeFileSync(path.join(SAVE_DIR, `${name}-${saved}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    version: lhr.lighthouseVersion,
  };
}

/** Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, "Please run Lighthouse again"). */
async function auditWithRetries(url: string, port: number, cpuSlowdown?: number, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, cpuSlowdown);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`lighthouse: ${(error as Error).message}; trying again\n`);
    }
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function runLighthouseBench(): Promise<Row[]> {
  if (!existsSync(SERVER) || !existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`no production build (${SERVER}, ${DIST}/index.html): run npm run build first`);
  }
  const { child: server, port } = await startProductionServer({
    databaseUrl: DB_URL,
    varDir: 'var/bench-lighthouse',
    entry: SERVER,
    distDir: DIST,
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const rows: Row[] = [];
    const url = (route: string) => `http://localhost:${port}${route}`;
    const median = (runs: Run[]) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
    const figure = (runs: Run[]) => {
      const middle = median(runs);
      const range = runs.length > 1 ? ` (runs: ${runs.map((run) => run.score).join(', ')})` : '';
      return `${middle.score}${range}: FCP ${seconds(middle.fcp)}, LCP ${seconds(middle.lcp)}, TBT ${Math.round(middle.tbt)} ms, CLS ${middle.cls.toFixed(3)}, Speed Index ${seconds(middle.si)}`;
    };
    for (const { route, goal, phones, lowTbtMs } of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await auditWithRetries(url(route), chrome.port));
      const middle = median(runs);
      const verdict = (run: Run) => (goal === null ? '' : run.score >= goal ? 'pass' : 'fail');
      rows.push({
        group: 'Front end',
        measure: `Lighthouse mobile performance score for ${route} (median of ${runs.length})`,
        data: `production build, Lighthouse ${middle.version} mobile defaults (slow 4G, 4x CPU slowdown simulated), CPU benchmark index ${Math.round(middle.benchmarkIndex)}`,
        figure: figure(runs),
        goal: goal === null ? '(no goal set)' : `>= ${goal}`,
        verdict: verdict(middle),
      });
      // The same page with this host as a mid-tier and a low-tier phone (bench/lib.ts, PHONES): Lighthouse's simulated
      // slowdown scaled to the host's benchmark index, so the figures compare across machines.
      if (!CALIBRATED) continue;
      for (const tier of TIERS) {
        const slowdown = simulatedSlowdownFor(middle.benchmarkIndex, tier);
        const phoneRuns: Run[] = [];
        for (let i = 0; i < RUNS; i += 1) phoneRuns.push(await auditWithRetries(url(route), chrome.port, slowdown));
        const phoneMiddle = median(phoneRuns);
        const tbtGoal = tier === 'low' ? lowTbtMs : undefined;
        const met =
          phoneMiddle.score >= phones[tier] &&
          phoneMiddle.cls === 0 &&
          (tbtGoal === undefined || phoneMiddle.tbt <= tbtGoal);
        rows.push({
          group: 'Front end',
          measure: `Lighthouse mobile performance score for ${route} as a ${tier}-tier phone (median of ${phoneRuns.length})`,
          data: `as above, CPU slowdown ${slowdown}x: this host (index ${Math.round(middle.benchmarkIndex)}) as a ${PHONES[tier].label}`,
          figure: figure(phoneRuns),
          goal: `>= ${phones[tier]}${tbtGoal === undefined ? '' : `, TBT <= ${tbtGoal} ms`}, CLS 0`,
          verdict: met ? 'pass' : 'fail',
        });
      }
    }
    return rows;
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runLighthouseBench();
  process.stdout.write(`${formatTable(rows)}\n`);
}
