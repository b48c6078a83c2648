import http from 'node:http';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { startAppProcess } from './process';

/** A POST whose body is sent in two halves, so the request is in flight while we signal the server. */
function slowLogin(url: string) {
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'Wrong-Password-1' });
  let sendRest = () => undefined as void;
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${url}/api/client/login`, {
      method: 'POST',
      headers: {
        Origin: new URL(url).origin.replace('127.0.0.1', 'localhost'),
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      },
    });
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.write(body.slice(0, 10));
    sendRest = () => {
      request.end(body.slice(10));
    };
  });
  return { response, sendRest: () => sendRest() };
}

describe('N4 graceful shutdown', () => {
  it('finishes in-flight requests after SIGTERM, refuses new ones and exits 0', async () => {
    const app = await startAppProcess({ databaseUrl: inject('testDatabaseUrl') });
    // A failed assertion must not leave the server process behind.
    onTestFinished(() => {
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
    });
    const inFlight = Array.from({ length: 5 }, () => slowLogin(app.url));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    app.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // New work after the signal is refused (503 while draining, or the listener is already closed).
    const late = await fetch(`${app.url}/api/auth/user`)
      .then((r) => r.status)
      .catch(() => 'refused');
    expect([503, 'refused']).toContain(late);
    for (const request of inFlight) request.sendRest();
    const results = await Promise.all(inFlight.map((request) => request.response));
    expect(results.map((result) => result.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await app.exited).toBe(0);
    console.info(`N4: 5/5 in-flight requests completed after SIGTERM; exit 0 after ${Date.now() - signalledAt} ms`);
  });
});
