// npm run bench: every benchmark, printed, kept raw in bench/results/latest.md and written to docs/performance.md (one
// table of goals, then each part). Each part is a standalone script too (npx tsx bench/<part>.ts); a part that is
// missing or fails is reported, not hidden. `--from bench/results/latest.md` re-renders the doc without running.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { runApiBench } from './api';
import { formatTable, type Row } from './lib';
import { hostDescription, performanceDoc, sectionsOf, type Section } from './report';

const PARTS = [
  { file: 'bench/underwriting.ts', title: 'Underwriting' },
  { file: 'bench/submission.ts', title: 'Submission upload' },
  { file: 'bench/wizard-inp.ts', title: 'Wizard responsiveness at 4x, and as a mid-tier and a low-tier phone' },
  { file: 'bench/admin-lists.ts', title: 'Admin lists at 1M applications' },
  { file: 'bench/frontend.ts', title: 'Front end: JavaScript sizes' },
  { file: 'bench/lighthouse.ts', title: 'Front end: Lighthouse mobile score' },
];

const fromIndex = process.argv.indexOf('--from');
if (fromIndex > 0) {
  const { sections, meta } = sectionsOf(readFileSync(process.argv[fromIndex + 1] ?? '', 'utf8'));
  writeFileSync('docs/performance.md', performanceDoc(sections, meta));
  process.exit(0);
}

const sections: Section[] = [];
const started = new Date();
// Production build first: the API benchmark runs the built server, the front-end one reads dist/.
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

let apiRows: Row[];
try {
  apiRows = await runApiBench();
} catch (error) {
  apiRows = [
    {
      group: 'API',
      measure: 'API throughput',
      data: '-',
      figure: `failed: ${(error as Error).message}`,
      goal: '-',
      verdict: 'fail',
    },
  ];
}
sections.push({ title: 'API throughput', body: formatTable(apiRows) });

for (const part of PARTS) {
  if (!existsSync(part.file)) {
    sections.push({ title: part.title, body: `Not built yet (${part.file} missing).` });
    continue;
  }
  process.stderr.write(`\n== ${part.file}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', part.file], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
    timeout: 30 * 60_000,
  });
  const output = (run.stdout ?? '').trim();
  sections.push({
    title: part.title,
    body:
      run.status === 0 ? output : `FAILED (exit ${run.status}):\n\n\`\`\`\n${(run.stderr ?? '').slice(-2000)}\n\`\`\``,
  });
}

const meta = { startedAt: started.toISOString(), host: hostDescription() };
const report = [
  '# Benchmark results',
  '',
  `Run ${meta.startedAt} on ${meta.host}.`,
  'Each row says what is measured, on what data, and the goal next to the figure.',
  '',
  ...sections.map((section) => `## ${section.title}\n\n${section.body}\n`),
].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.md', report);
writeFileSync('docs/performance.md', performanceDoc(sections, meta));
process.stdout.write(`${report}\n`);
