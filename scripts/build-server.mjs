// Bundles the server into dist-server/ (production runs compiled JS, not a TS loader: Node 20 cannot strip types).
// Entry files land flat in dist-server/, one level below the project root like server/ itself, so paths such as
// new URL('../dist', import.meta.url) resolve the same way in development and production.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

const candidates = [
  'server/main.ts',
  'server/services/underwriting/reader-worker.ts',
  'scripts/migrate.ts',
  'scripts/user-create.ts',
  'scripts/keys-rotate.ts',
];

// `--outdir dist-server-x` builds a private copy (parallel work); keep it at the top level so ../dist resolves.
const outFlag = process.argv.indexOf('--outdir');
const outdir = outFlag > 0 ? process.argv[outFlag + 1] : 'dist-server';
if (!outdir || outdir.includes('/')) throw new Error('--outdir must be a top-level folder name');

await build({
  entryPoints: candidates.filter((file) => existsSync(file)),
  outdir,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  tsconfig: 'tsconfig.json',
  // Native and dynamically-loaded packages stay in node_modules.
  packages: 'external',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
