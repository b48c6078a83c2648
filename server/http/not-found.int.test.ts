// Unknown pages answer 404 with the prerendered Page Not Found page; the client's own routes stay 200.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { getTestDeps, testDirs } from '../test/harness';

let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(testDirs().varDir, 'dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<div id="root" data-prerendered="/">landing</div>');
  writeFileSync(path.join(dist, '200.html'), '<div id="root"></div>');
  writeFileSync(path.join(dist, '404.html'), '<div id="root"><h1>Page Not Found</h1></div>');
  mkdirSync(path.join(dist, 'privacy'));
  writeFileSync(path.join(dist, 'privacy', 'index.html'), '<div id="root"><h1>Privacy Notice</h1></div>');
  const app = createApp(await getTestDeps(), { distDir: dist });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () =>
    new Promise<void>((resolve) => {
      app.server.closeAllConnections();
      app.server.close(() => resolve());
    });
});
afterAll(() => close());

describe('pages by path', () => {
  it('answers an unknown page with 404 and the Page Not Found page', async () => {
    for (const pathname of ['/no-such-page', '/products/extra', '/admin/users', '/privacy-policy']) {
      const response = await fetch(`${base}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('Page Not Found');
    }
  });

  it('keeps the client routes and prerendered pages at 200', async () => {
    for (const pathname of ['/', '/login', '/dashboard', '/reset-password', '/admin', '/apply/']) {
      expect((await fetch(`${base}${pathname}`)).status, pathname).toBe(200);
    }
    const privacy = await fetch(`${base}/privacy`);
    expect(privacy.status).toBe(200);
    expect(await privacy.text()).toContain('Privacy Notice');
  });
});
