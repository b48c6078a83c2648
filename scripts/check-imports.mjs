// Part of `npm run lint`: the import rules ESLint cannot see across files (docs/architecture.md, "Rules of the house").
//  1. No import cycles between files anywhere in the project.
//  2. No loops between the domain folders of server/services (a -> b and b -> a through any files).
//  3. From outside a domain, only its index.ts is imported: the domain's public face.
import path from 'node:path';
import madge from 'madge';

const ROOTS = ['server', 'src', 'drizzle', 'scripts', 'bench', 'e2e'];
const SERVICES = 'server/services/';

const result = await madge(ROOTS, {
  fileExtensions: ['ts', 'tsx', 'mjs'],
  tsConfig: 'tsconfig.json',
  excludeRegExp: [/node_modules/, /\.d\.ts$/],
});
const graph = result.obj();
const problems = [];

for (const cycle of result.circular()) problems.push(`import cycle: ${cycle.join(' -> ')}`);

const domainOf = (file) => (file.startsWith(SERVICES) ? file.slice(SERVICES.length).split('/')[0] : null);
const isTest = (file) => /\.(test|int\.test|fault\.test|property\.test)\.tsx?$/.test(file);

const domainEdges = new Map();
for (const [from, targets] of Object.entries(graph)) {
  const fromDomain = domainOf(from);
  for (const to of targets) {
    const toDomain = domainOf(to);
    if (!toDomain || toDomain === fromDomain) continue;
    if (path.posix.basename(to) !== 'index.ts') {
      problems.push(`${from} imports ${to}: import the ${toDomain} domain through ${SERVICES}${toDomain}/index.ts`);
    }
    // Tests may call across domains; the loop rule is about the product code.
    if (fromDomain && !isTest(from)) {
      if (!domainEdges.has(fromDomain)) domainEdges.set(fromDomain, new Map());
      domainEdges.get(fromDomain).set(toDomain, `${from} -> ${to}`);
    }
  }
}

// A loop between domains: a depth-first search over the folder graph.
const state = new Map();
const stack = [];
function visit(domain) {
  state.set(domain, 'open');
  stack.push(domain);
  for (const [next, example] of domainEdges.get(domain) ?? []) {
    if (state.get(next) === 'open') {
      const loop = [...stack.slice(stack.indexOf(next)), next];
      problems.push(`loop between domains: ${loop.join(' -> ')} (one edge: ${example})`);
    } else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(domain, 'done');
}
for (const domain of domainEdges.keys()) if (!state.has(domain)) visit(domain);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import rule problem(s)`);
  process.exit(1);
}
console.log(
  `imports: ${Object.keys(graph).length} files, no cycles, no loops between domains, every domain through its index.ts`,
);
