import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

// Several runs may share a machine: port, database, scratch dir and build are parameters.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
export const E2E_DATABASE_URL = `mysql://root@127.0.0.1:3306/funding_e2e_${PORT}`;
export const E2E_VAR_DIR = `var/e2e-${PORT}`;
const DIST_DIR = process.env.E2E_DIST_DIR ?? 'dist';
const SERVER_ENTRY = process.env.E2E_SERVER_ENTRY ?? 'dist-server/main.js';

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'e2e',
  // Per-port output, so parallel runs never delete each other's traces.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // framer-motion honours reduced motion, so animations do not slow tests.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /\.mobile\.spec\.ts$/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromium }, testMatch: /\.mobile\.spec\.ts$/ },
  ],
  webServer: {
    // The production build (npm run build runs first in test:e2e) on its own fresh database.
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_BASE_URL,
      ALLOW_INSECURE_HTTP: 'true',
      DATABASE_URL: E2E_DATABASE_URL,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      VAR_DIR: E2E_VAR_DIR,
      UPLOAD_DIR: `${E2E_VAR_DIR}/uploads`,
      MAIL_DIR: `${E2E_VAR_DIR}/mail`,
      LOG_LEVEL: 'warn',
      DIST_DIR,
      E2E_SERVER_ENTRY: SERVER_ENTRY,
      // Many sign-ups and logins come from one address during the run; limits stay on, only higher.
      RATE_LIMIT_MULTIPLIER: '50',
    },
  },
});
