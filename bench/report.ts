// Turns the bench's sections into docs/performance.md: how to reproduce, one table of every goal with its latest
// figure and verdict, then each part's full output. History lives in git (each run rewrites the file).
import os from 'node:os';

export type Section = { title: string; body: string };
export type RunMeta = { startedAt: string; host: string };

const GOAL_ROW = /^\| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| (pass|fail) \|$/;
const HOST_INDEX = /(?:host benchmark index|CPU benchmark index|this host \(index) (\d[\d,]*)/;
const WORST_P95 = /^Worst p95 \((\w+)\): ([\d.]+) ms \(goal (\d+) ms\)\.$/;
const UPLOAD_VERDICT = /^Worst RSS growth while receiving: (.+) \(bar: (.+)\) -> (PASS|FAIL)$/;

/** Every row of every section that has a goal and a verdict, as one table, with the host index when the row names it. */
export function goalTable(sections: Section[]): string {
  const rows: string[] = [];
  for (const section of sections) {
    for (const line of section.body.split('\n')) {
      const row = GOAL_ROW.exec(line.trim());
      if (row) {
        const [, group, measure, data, figure, goal, verdict] = row.map((cell) => cell?.trim() ?? '');
        const index = HOST_INDEX.exec(data ?? '')?.[1] ?? '-';
        rows.push(`| ${group} | ${measure} | ${figure} | ${goal} | ${verdict} | ${index} |`);
        continue;
      }
      const worst = WORST_P95.exec(line.trim());
      if (worst) {
        const [, path, figure, goal] = worst;
        const verdict = Number(figure) <= Number(goal) ? 'pass' : 'fail';
        rows.push(
          `| Admin lists | worst p95 of every list call at 1M applications, 10 concurrent (${path}) | ${figure} ms | <= ${goal} ms | ${verdict} | - |`,
        );
        continue;
      }
      const upload = UPLOAD_VERDICT.exec(line.trim());
      if (upload) {
        const [, figure, goal, verdict] = upload;
        rows.push(
          `| Submission | server memory growth while receiving 41 MiB of uploads | ${figure} | ${goal} | ${verdict?.toLowerCase()} | - |`,
        );
      }
    }
  }
  return [
    '| group | what is measured | latest figure | goal | verdict | host CPU index |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function performanceDoc(sections: Section[], meta: RunMeta): string {
  return [
    '# Performance',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand. Each run rewrites this file; earlier figures are',
    'in its git history.',
    '',
    '## How to reproduce',
    '',
    '```bash',
    'npm ci',
    '# the admin-list part needs a seeded database first (15 minutes or more for a million applications; about an hour',
    '# on a loaded machine):',
    'npx tsx drizzle/seed.ts --applications 1000000 --database funding_admin_bench --fresh',
    'npm run bench            # builds, then runs every part; --no-build reuses dist/',
    'npx tsx bench/<part>.ts  # one part alone',
    '# comparing two builds: the front-end parts take --dist DIR and --tiers (e.g. low) to run only some phone rows',
    'npx tsx bench/lighthouse.ts --routes /apply --tiers low',
    '```',
    '',
    "The machine matters. Front-end rows run Chromium with a CPU slowdown and name the host's CPU benchmark index",
    "(Lighthouse's): a fixed 4x stands for a phone of index host/4, and the phone rows scale the slowdown so the host",
    "reads as a mid-tier (index 1,000) or low-tier (index 264) phone, by DevTools' own calibration. Server rows are",
    'comparable only on a quiet machine (each part prints the load average).',
    '',
    `## Goals (run ${meta.startedAt} on ${meta.host})`,
    '',
    goalTable(sections),
    '',
    '## Each part in full',
    '',
    ...sections.map((section) => `### ${section.title}\n\n${section.body.replace(/^## /gm, '#### ')}\n`),
  ].join('\n');
}

export function hostDescription(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} x ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Reads the sections back from a raw report (bench/results/latest.md), to re-render the doc without re-running. */
export function sectionsOf(raw: string): { sections: Section[]; meta: RunMeta } {
  const run = /^Run (\S+) on (.+)\.$/m.exec(raw);
  const parts = raw.split(/^## /m).slice(1);
  return {
    meta: { startedAt: run?.[1] ?? 'unknown', host: run?.[2] ?? 'unknown host' },
    sections: parts.map((part) => {
      const newline = part.indexOf('\n');
      return { title: part.slice(0, newline).trim(), body: part.slice(newline + 1).trim() };
    }),
  };
}
