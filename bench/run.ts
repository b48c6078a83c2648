// npm run bench: every benchmark in one table, printed and written to bench/results/latest.md (linked from the README).
// Each part is a standalone script too (npx tsx bench/<part>.ts); a part that is missing or fails is reported, not hidden.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { runApiBench } from './api';
import { formatTable, type Row } from './lib';

const PARTS = [
  { file: 'bench/underwriting.ts', title: 'Underwriting (issue 5)' },
  { file: 'bench/submission.ts', title: 'Submission upload (issue 4)' },
  { file: 'bench/load.ts', title: 'N8 load: event-loop delay, p99 during a login burst, memory' },
  { file: 'bench/wizard-inp.ts', title: 'Wizard responsiveness at 4x, and as a mid-tier and a low-tier phone (issue 4)' },
  { file: 'bench/admin-lists.ts', title: 'Admin lists at 1M applications (issue 7)' },
  { file: 'bench/frontend.ts', title: 'Front end (issue 3)' },
  { file: 'bench/lighthouse.ts', title: 'Front end: Lighthouse mobile score (issues 3 and 9)' },
];

const sections: string[] = [];
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
  apiRows = [{ group: 'API', measure: 'API throughput', data: '-', figure: `failed: ${(error as Error).message}`, goal: '-', verdict: 'fail' }];
}
sections.push(`## API throughput (issue 9)\n\n${formatTable(apiRows)}`);

for (const part of PARTS) {
  if (!existsSync(part.file)) {
    sections.push(`## ${part.title}\n\nNot built yet (${part.file} missing).`);
    continue;
  }
  process.stderr.write(`\n== ${part.file}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', part.file], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024, timeout: 30 * 60_000 });
  const output = (run.stdout ?? '').trim();
  sections.push(`## ${part.title}\n\n${run.status === 0 ? output : `FAILED (exit ${run.status}):\n\n\`\`\`\n${(run.stderr ?? '').slice(-2000)}\n\`\`\``}`);
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const report = [
  '# Benchmark results',
  '',
  `Run ${started.toISOString()} on ${os.cpus().length} x ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
  'Each row says what is measured, on what data, and the goal next to the figure.',
  '',
  ...sections.map((section) => `${section}\n`),
].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.md', report);
process.stdout.write(`${report}\n`);
