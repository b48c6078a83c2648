// Wizard responsiveness: how long each "Next" of /apply takes to paint its answer (the next step or the
// field errors) under a 4x CPU slowdown, as Lighthouse's mobile profile slows the CPU. Measured with the browser's
// own Event Timing entries (what INP is made of: input delay + handlers + the next paint), in Debian's Chromium
// against the production build. Goal: every Next <= 150 ms. Each step is measured again at the slowdowns that make
// this host a mid-tier and a low-tier phone (DevTools' calibration, bench/lib.ts), since 4x on a slower host
// emulates a slower phone.
// Run: npm run build && npx tsx bench/wizard-inp.ts [--dist DIR] [--server FILE] [--tiers low]   (prints a markdown
// table; bench/run.ts collects it)
import { existsSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { yearsAgo } from '../src/shared/schemas/application.test-helpers';
import {
  BENCHMARK_INDEX_SCRIPT,
  calibrateThrottlingRate,
  formatTable,
  PHONES,
  startProductionServer,
  type Row,
} from './lib';

const PORT = Number(process.env.BENCH_INP_PORT ?? 3391);
const DB_URL = process.env.BENCH_INP_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/funding_bench_inp';
const CPU_SLOWDOWN = 4;
const RUNS = Number(process.env.BENCH_INP_RUNS ?? 3);
const GOAL_MS = 150;

const argValue = (name: string, fallback: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
// --dist DIR --server FILE: another build than dist/ and dist-server/ (as bench/lighthouse.ts takes them).
const DIST = argValue('--dist', 'dist');
const SERVER = argValue('--server', 'dist-server/main.js');
// --tiers low: only some of the rows (4x, mid, low), for quicker comparisons of builds.
const TIERS = argValue('--tiers', '4x,mid,low').split(',');

if (!existsSync(SERVER) || !existsSync(`${DIST}/index.html`)) {
  process.stderr.write('Build first: npm run build\n');
  process.exit(1);
}

const { child: server } = await startProductionServer({
  databaseUrl: DB_URL,
  varDir: 'var/bench-inp',
  port: PORT,
  entry: SERVER,
  distDir: DIST,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** Collects every interaction's Event Timing entries (duration = input to next paint), from page start. */
const OBSERVER = `
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__interactions.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
`;

type Interaction = { id: number; name: string; duration: number };

type Timing = { interactionMs: number; shownMs: number };

/**
 * Clicks Next and answers two figures: the click's Event Timing duration (input to the next paint, what INP counts)
 * and the time from the press to the first frame showing `shown` (the next step's heading or the first error), since
 * a form library may render the answer a frame or more after the click's own paint.
 */
async function timedNext(page: Page, shown: string, selector = 'h1, h2, h3'): Promise<Timing> {
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  const before = await page.evaluate<number>(`(() => {
    const text = ${JSON.stringify(shown)};
    const selector = ${JSON.stringify(selector)};
    const timing = {};
    window.__shown = timing;
    window.__shownDone = new Promise((resolve) => { timing.done = resolve; });
    addEventListener('pointerdown', () => { timing.start = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (timing.end !== undefined) return;
      const seen = [...document.querySelectorAll(selector)].some(
        (element) => element.textContent.trim() === text,
      );
      if (!seen) return;
      observer.disconnect();
      // The frame that paints it: after the next animation frame's rendering work.
      requestAnimationFrame(() => setTimeout(() => { timing.end = performance.now(); timing.done(); }, 0));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return window.__interactions.length;
  })()`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  // The page's own observer says when it is painted. Not a Playwright locator or waitForFunction: their queries (and
  // the first time, compiling Playwright's helper script) would run on the page's main thread, under the same
  // slowdown, while the step is being rendered, and be counted in its time.
  await page.evaluate(() => (window as unknown as { __shownDone: Promise<void> }).__shownDone);
  // Event Timing entries arrive after the paint; give the observer a moment.
  await page.waitForTimeout(300);
  const { entries, timing } = await page.evaluate((from) => {
    const w = window as unknown as { __interactions: Interaction[]; __shown: { start?: number; end?: number } };
    return { entries: w.__interactions.slice(from), timing: { start: w.__shown.start, end: w.__shown.end } };
  }, before);
  const clicks = entries.filter((entry) => ['pointerdown', 'pointerup', 'click'].includes(entry.name));
  if (timing.start === undefined || timing.end === undefined) throw new Error(`did not see "${shown}" appear`);
  return {
    // Entries under the 16 ms threshold are not reported: the interaction took less than that.
    interactionMs: clicks.length > 0 ? Math.max(...clicks.map((entry) => entry.duration)) : 16,
    shownMs: timing.end - timing.start,
  };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).waitFor();

async function oneRun(slowdown: number): Promise<Record<string, Timing>> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: false });
  const page = await context.newPage();
  await page.addInitScript(OBSERVER);
  const cdp = await context.newCDPSession(page);
  await page.goto(`http://127.0.0.1:${PORT}/apply`);
  await heading(page, 'Loan Amount');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const times: Record<string, Timing> = {};

  times['Next on an empty step (errors shown)'] = await timedNext(
    page,
    'Loan amount is required',
    '[class*="field__errorText"]',
  );
  await page.getByLabel('Loan Amount').fill('75000');
  times['Loan Amount -> Business Information'] = await timedNext(page, 'Business Information');

  await page.getByLabel('Business Name').fill('Bench Bakery LLC');
  await page.getByLabel('EIN Number').fill('912345678');
  await page.getByLabel('Business Address').fill('100 Test Avenue, Springfield, IL 62701');
  await page.getByLabel('Business Start Date').fill(yearsAgo(7));
  await page.getByLabel('Business Type').selectOption('Restaurant');
  await page.getByLabel('Time in Business').selectOption('5-10 years');
  times['Business Information -> Personal Information'] = await timedNext(page, 'Personal Information');

  await page.getByLabel('Owner Name').fill('Jordan Bench');
  await page.getByLabel('Social Security Number').fill('912345678');
  await page.getByLabel('Email').fill('bench@example.test');
  await page.getByLabel('Phone Number').fill('5550100100');
  await page.getByLabel('Date of Birth').fill('1980-01-15');
  await page.getByLabel('Estimated Credit Score').selectOption('700');
  times['Personal Information -> Financial Information'] = await timedNext(page, 'Financial Information');

  await page.getByLabel('Monthly Revenue').selectOption('$50,000 - $100,000');
  times['Financial Information -> Upload Documents'] = await timedNext(page, 'Upload Documents');
  await context.close();
  return times;
}

/** Lighthouse's benchmark index of this host, measured in a blank page as Lighthouse does before a run. */
async function benchmarkAt(rate: number): Promise<number> {
  const page = await browser.newPage();
  try {
    if (rate !== 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    }
    return await page.evaluate<number>(BENCHMARK_INDEX_SCRIPT);
  } finally {
    await page.close();
  }
}

const rows: Row[] = [];
try {
  const index = Math.round(await benchmarkAt(1));
  // The 4x goal, then the slowdowns that make this host a mid-tier and a low-tier phone (bench/lib.ts, PHONES), which
  // compare across machines of different speed. The 4x and the low-tier phone rows carry the goal (any day, any host);
  // the mid-tier rows lie between them and are for comparison.
  for (const tier of [null, 'mid', 'low'] as const) {
    if (!TIERS.includes(tier ?? '4x')) continue;
    const isGoal = tier !== 'mid';
    const slowdown = tier === null ? CPU_SLOWDOWN : await calibrateThrottlingRate(index, tier, benchmarkAt);
    const data =
      tier === null
        ? `${slowdown}x CPU slowdown`
        : `${slowdown}x CPU slowdown: this host as a ${PHONES[tier].label}, by DevTools' calibration`;
    const runs: Record<string, Timing>[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await oneRun(slowdown));
    for (const measure of Object.keys(runs[0] ?? {})) {
      const worstInteraction = Math.max(...runs.map((run) => run[measure]?.interactionMs ?? 0));
      const worstShown = Math.max(...runs.map((run) => run[measure]?.shownMs ?? 0));
      const worst = Math.max(worstInteraction, worstShown);
      rows.push({
        group: 'Wizard',
        measure: `/apply: ${measure}`,
        data: `${data}, phone viewport, worst of ${RUNS} runs (host benchmark index ${index})`,
        figure: `press to answer painted ${Math.round(worstShown)} ms; Event Timing ${Math.round(worstInteraction)} ms`,
        goal: isGoal ? `<= ${GOAL_MS} ms` : '(for comparison)',
        verdict: isGoal ? (worst <= GOAL_MS ? 'pass' : 'fail') : '',
      });
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
process.stdout.write(`${formatTable(rows)}\n`);
