import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('lender configuration at start', () => {
  it('refuses to start on a bad lender value and names the key', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'development', LENDER_SUPPORT_EMAIL: 'not-an-address', PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('LENDER_SUPPORT_EMAIL: must be an email address');
  });
});
