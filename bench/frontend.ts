// Front-end weight: the gzipped JavaScript a browser downloads for a route of the built client.
// Standalone: reads dist/ (or --dist DIR) and its Vite manifest; no server, no browser. The Lighthouse scores come
// from bench/lighthouse.ts (bench/run.ts prints them right after this table).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const distFlag = process.argv.indexOf('--dist');
const DIST = path.resolve(distFlag > 0 ? (process.argv[distFlag + 1] ?? 'dist') : 'dist');
const BUDGET_KB = 120;

// The lazily loaded page module of each measured route (src/app/routes.tsx), and what its loader fetches with it
// before the page renders: the Chakra recipes the start-up theme lacks (withLaterRecipes in src/app/routes.tsx).
const LATER_RECIPES = 'src/lib/later-recipes.ts';
const ROUTES = [
  { route: '/', page: 'src/features/public/pages/landing-page.tsx', with: [], goal: `<= ${BUDGET_KB} KB` },
  { route: '/apply', page: 'src/features/applications/pages/apply-page.tsx', with: [LATER_RECIPES], goal: '-' },
  { route: '/products', page: 'src/features/public/pages/products-page.tsx', with: [LATER_RECIPES], goal: '-' },
  { route: '/admin', page: 'src/features/admin/pages/admin-page.tsx', with: [LATER_RECIPES], goal: '-' },
];
// Loaded by the app shell on every route once the page is idle (src/components/ui/toaster.tsx); on a page of islands
// only with the forms that notify (src/app/islands/island-toaster.tsx).
const ON_IDLE = ['src/components/ui/toaster-viewport.tsx'];

const manifestPath = path.join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  process.stderr.write(`No ${manifestPath}: build the client first (npm run build).\n`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

const gzipCache = new Map<string, number>();
function gzipped(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const sum = (keys: Iterable<string>) => [...keys].reduce((total, key) => total + gzipped(manifest[key]!.file), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// The entry only boots: it imports the app (src/app/start.tsx) right after the prerendered page's first paint, or at
// once, so the app and everything it imports statically count as the entry's.
const APP_START = 'src/app/start.tsx';
const entry = closure(entryKey);
if (manifest[APP_START]) closure(APP_START, entry);
// Chunks only ever loaded on demand by a page (framer-motion's animation features, for one).
const asyncOf = (keys: Set<string>) => {
  const found = new Set<string>();
  for (const key of keys) for (const dynamic of manifest[key]?.dynamicImports ?? []) found.add(dynamic);
  return found;
};

// A prerendered public page starts no app and, at first, no React: the entry itself makes the first view live on the
// build's markup (src/app/islands/plain-islands.ts: Learn More, the counters, the video's control, the bar's Log In and
// Apply). React, Chakra's system and the React islands (src/app/islands/start-islands.tsx) load only when one is
// wanted (an island further down nears the view, the visitor reaches for the bar's menus, someone is signed in):
// "on demand" below. Their bytes are fetched at idle (not run), so a first tap waits for no download.

/** `/` as a page of islands: [what it loads to start, what it may load later]; null for a build without islands. */
function islandKeys(): [Set<string>, Set<string>] | null {
  const start = manifest['src/app/islands/start-islands.tsx'];
  if (!start) return null;
  const initial = closure(entryKey!);
  // Every other island the runtime can load, and what they load in turn (the islands further down come through
  // src/app/islands/later-islands.ts, the bar's menus when wanted). The whole app, which the entry starts for a
  // signed-in visitor of `/`, is not counted.
  const later = new Set<string>();
  let frontier = [...(start.dynamicImports ?? [])];
  for (const key of initial) frontier.push(...(manifest[key]?.dynamicImports ?? []));
  while (frontier.length) {
    const fresh = frontier.filter((key) => key !== APP_START && !later.has(key) && !initial.has(key));
    const added = new Set<string>();
    for (const key of fresh) closure(key, added);
    for (const key of added) if (!initial.has(key)) later.add(key);
    frontier = [...added].flatMap((key) => manifest[key]?.dynamicImports ?? []);
  }
  return [initial, later];
}

const rows: string[] = [];
let landingKeys = new Set(entry);
const islands = islandKeys();
for (const { route, page, with: alongside, goal } of ROUTES) {
  if (route === '/' && islands) {
    const [initial, later] = islands;
    landingKeys = initial;
    const verdict = initial.size && sum(initial) <= BUDGET_KB * 1024 ? 'pass' : 'fail';
    rows.push(
      `| Front end | initial JS for / (entry with the plain first view, gzip -9) | ${initial.size} chunks | ${kb(sum(initial))}; then ${kb(sum(later))} more on demand (React, Chakra's system, the React islands: the bar's menus, islands further down, sticky box, their router and data layer; fetched at idle, run when wanted) | ${goal} | ${verdict} |`,
    );
    continue;
  }
  if (!manifest[page]) {
    rows.push(`| Front end | JS for ${route} | ${page} | not in this build | ${goal} | |`);
    continue;
  }
  const routeKeys = closure(page, new Set(entry));
  for (const key of alongside) if (manifest[key]) closure(key, routeKeys);
  if (route === '/') landingKeys = routeKeys;
  const initial = sum(routeKeys);
  // Async chunks the page itself requests after it renders (not other routes' pages).
  const pageOnly = new Set([...routeKeys].filter((key) => !entry.has(key)));
  // Followed transitively (the sticky box loads framer-motion's features in turn), never into other pages.
  const laterKeys = new Set<string>();
  let frontier = [...asyncOf(pageOnly)];
  while (frontier.length) {
    const fresh = frontier.filter((key) => !key.includes('/pages/') && !routeKeys.has(key) && !laterKeys.has(key));
    const added = new Set<string>();
    for (const key of fresh) closure(key, added);
    const fetched = [...added].filter((key) => !routeKeys.has(key));
    for (const key of fetched) laterKeys.add(key);
    // Only what this fetches in turn: the entry's own on-demand chunks (menus, notifications) are not the page's.
    frontier = [...asyncOf(new Set(fetched))];
  }
  const deferred = sum(laterKeys);
  const verdict = goal === '-' ? '' : initial <= BUDGET_KB * 1024 ? 'pass' : 'fail';
  rows.push(
    `| Front end | initial JS for ${route} (entry + route${alongside.length ? ' + its recipes' : ''}, gzip -9) | ${routeKeys.size} chunks | ${kb(initial)}${
      deferred ? `; then ${kb(deferred)} more on demand (sticky box, animation features)` : ''
    } | ${goal} | ${verdict} |`,
  );
}
rows.push(
  `| Front end | shared entry alone (app shell: React, Chakra, router, tRPC) | ${entry.size} chunks | ${kb(sum(entry))} | - | |`,
);
const idleKeys = new Set<string>();
for (const key of ON_IDLE) if (manifest[key]) closure(key, idleKeys);
for (const key of landingKeys) idleKeys.delete(key);
rows.push(
  `| Front end | JS of the notification viewport (the whole app: once the page is idle; on /: with the signup form), not in the figures above | ${idleKeys.size} chunks | ${kb(sum(idleKeys))} | - | |`,
);
const everything = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js'))
  .reduce((total, chunk) => total + gzipped(chunk.file), 0);
rows.push(`| Front end | all JS of the build | ${Object.keys(manifest).length} chunks | ${kb(everything)} | - | |`);

const header = '| group | what is measured | data | figure | goal | |\n|---|---|---|---|---|---|';
process.stdout.write(`${[header, ...rows].join('\n')}\n`);
