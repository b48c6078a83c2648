import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

// docs/security.md G1: the built client carries no secrets and no source maps, and none is served.
const DIST = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const SECRET_PATTERNS: Array<[string, RegExp]> = [
  ['database URL', /mysql:\/\/[^\s"'`]*@/i],
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['environment key name with a value', /(DATA_ENCRYPTION_KEY|SMTP_URL|DATABASE_URL)\s*[=:]\s*["'`]?[A-Za-z0-9+/]{8,}/],
  ['server source path', /\/work\/|\/home\/|[A-Z]:\\\\Users/],
];

test('the build holds no secrets or source maps, and map URLs are 404', async ({ request }) => {
  const files = filesUnder(DIST).filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
  const hits: string[] = [];
  let scanned = 0;
  for (const file of files) {
    if (!/\.(js|css|html|json|txt|webmanifest|svg)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    scanned += 1;
    for (const [what, pattern] of SECRET_PATTERNS) {
      if (pattern.test(text)) hits.push(`${path.relative(DIST, file)}: ${what}`);
    }
  }
  const maps = files.filter((file) => file.endsWith('.map')).map((file) => path.relative(DIST, file));
  const script = files.find((file) => /assets[/\\][^/\\]+\.js$/.test(file));
  expect(script).toBeDefined();
  const mapUrl = `/assets/${path.basename(script ?? 'x.js')}.map`;
  const mapStatus = (await request.get(mapUrl)).status();
  console.log(
    `G1: ${scanned} built files scanned -> ${hits.length} secret hits, ${maps.length} source maps; ${mapUrl} -> ${mapStatus}`,
  );
  expect(scanned).toBeGreaterThan(5);
  expect(hits).toEqual([]);
  expect(maps).toEqual([]);
  expect(mapStatus).toBe(404);
});
