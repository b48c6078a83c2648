import { createHash } from 'node:crypto';
import { a11yViolations } from './axe';
import type { Page } from '@playwright/test';
import { db, E2E_BASE_URL, expect, test } from './fixtures';

// The tests share one client address (127.0.0.1) and a mute holds for the whole address, so the
// muting tests come last.

/** Reads the addition question from the verification panel and answers it. */
async function answerToQuestion(page: Page): Promise<number> {
  const question = page.getByText(/^\d+ \+ \d+ = \?$/);
  await expect(question).toBeVisible();
  const match = /(\d+) \+ (\d+)/.exec((await question.textContent()) ?? '');
  return Number(match?.[1]) + Number(match?.[2]);
}

/** Runs the loop test and waits until all 5 sends are done. */
async function runLoop(page: Page) {
  const loop = page.getByRole('button', { name: 'Test FUND WEEKLY Loop (5x)' });
  await loop.click();
  await expect(page.getByRole('heading', { name: 'Human Verification Required' })).toBeVisible();
  await expect(loop).toBeEnabled();
}

const statusBadge = (page: Page) => page.getByRole('status', { name: 'Session status' });
const messageInput = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const counter = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('..');


test('the FUND WEEKLY loop leads to the challenge panel and a right answer restores sending', async ({ page }) => {
  await page.goto('/chat-test');
  await expect(page.getByRole('heading', { name: 'Chat Test' })).toBeVisible();
  await expect(page.getByText('No messages yet. Start a conversation!')).toBeVisible();
  await expect(statusBadge(page)).toHaveText(/NORMAL/);
  expect(await a11yViolations(page, { selector: '#main', all: true })).toEqual([]);

  await runLoop(page);
  await expect(statusBadge(page)).toHaveText(/CHALLENGE/);
  expect(await a11yViolations(page, { selector: '#main', all: true })).toEqual([]);
  await expect(counter(page, 'Count')).toContainText('3');
  await expect(messageInput(page)).toBeDisabled();
  await expect(messageInput(page)).toHaveAttribute('placeholder', 'Complete human verification to continue...');
  // Sends 4 and 5 are refused by the page itself while the challenge is open.
  await expect(page.getByText('Cannot send message in CHALLENGE state')).toBeVisible();
  const log = page.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByText('FUND WEEKLY', { exact: true })).toHaveCount(3);

  await page.getByLabel('Your answer').fill(String(await answerToQuestion(page)));
  await page.getByRole('button', { name: 'Verify Human' }).click();
  await expect(page.getByText('Verification Successful', { exact: true })).toBeVisible();
  await expect(page.getByText('You can now send messages normally.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Human Verification Required' })).toBeHidden();
  await expect(statusBadge(page)).toHaveText(/NORMAL/);

  await messageInput(page).fill('What documents do I need?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log).toContainText("a driver's license and a voided check");
  await expect(messageInput(page)).toHaveValue('');
});

test('the normal test message gets an answer and Clear Chat empties the log', async ({ page }) => {
  await page.goto('/chat-test');
  await page.getByRole('button', { name: 'Test Normal Message' }).click();
  const log = page.getByRole('log', { name: 'Chat messages' });
  await expect(log.getByText('Hello', { exact: true })).toBeVisible();
  await expect(log).toContainText("I'm the Summit Funding assistant");
  await expect(counter(page, 'Last Activity')).not.toContainText('Never');

  await messageInput(page).fill('Who won the game last night?');
  await messageInput(page).press('Enter');
  await expect(log).toContainText('/apply');
  await expect(log).toContainText('/contact');

  await page.getByRole('button', { name: 'Clear Chat' }).click();
  await expect(page.getByText('No messages yet. Start a conversation!')).toBeVisible();
});

test('wrong answers lead to the muted panel with minutes shown, also for a new session', async ({ page, browser }) => {
  await page.goto('/chat-test');
  await runLoop(page);
  const answer = await answerToQuestion(page);

  await page.getByLabel('Your answer').fill(String(answer + 1));
  await page.getByRole('button', { name: 'Verify Human' }).click();
  await expect(page.getByText('Verification Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Incorrect answer', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Temporarily Muted' })).toBeVisible();
  await expect(page.getByText('Time remaining: 15 minutes')).toBeVisible();
  await expect(counter(page, 'Mute Expires')).toContainText('15 min');
  await expect(counter(page, 'Total Violations')).toContainText('1');
  await expect(statusBadge(page)).toHaveText(/MUTED_15MIN/);
  await expect(messageInput(page)).toBeDisabled();
  await expect(messageInput(page)).toHaveAttribute('placeholder', 'Chat is temporarily muted...');
  expect(await a11yViolations(page, { selector: '#main', all: true })).toEqual([]);

  // The muted panel offers verification too; another wrong answer keeps the mute.
  await page.getByLabel('Your answer').fill(String(answer + 2));
  await page.getByRole('button', { name: 'Verify Human' }).click();
  await expect(page.getByRole('log', { name: 'Chat messages' })).toContainText('You have 1 attempt left');
  await expect(page.getByRole('heading', { name: 'Temporarily Muted' })).toBeVisible();

  // A new cookie jar from the same address is muted as well.
  const other = await browser.newContext();
  try {
    const fresh = await other.newPage();
    await fresh.goto(`${E2E_BASE_URL}/chat-test`);
    await expect(fresh.getByRole('heading', { name: 'Temporarily Muted' })).toBeVisible();
    await expect(statusBadge(fresh)).toHaveText(/MUTED_15MIN/);
  } finally {
    await other.close();
  }
});

test('the server refuses a muted send whatever the page believes, and the page follows it', async ({ page }) => {
  // The address is still muted by the previous test. The page is made to believe it may chat (the status
  // poll is answered NORMAL until the first message goes out), so the refusal must come from the server.
  let hasSent = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/chat') hasSent = true;
  });
  await page.route('**/api/loop-guard/my-status', (route) =>
    hasSent
      ? route.fallback()
      : route.fulfill({
          json: {
            session: {
              state: 'NORMAL',
              count: 0,
              totalViolations: 0,
              remainingMuteSeconds: 0,
              lastActivity: null,
              nonce: null,
            },
          },
        }),
  );
  await page.goto('/chat-test');
  await expect(statusBadge(page)).toHaveText(/NORMAL/);

  await page.getByRole('button', { name: 'Test Normal Message' }).click();
  await expect(page.getByText('Rate Limited', { exact: true })).toBeVisible();
  await expect(page.getByText('Temporarily muted.', { exact: true })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Chat messages' })).toContainText('Temporarily muted. Try again in');
  await expect(page.getByRole('heading', { name: 'Temporarily Muted' })).toBeVisible();
  await expect(statusBadge(page)).toHaveText(/MUTED_15MIN/);
});

test('a permanent mute shows its panel with the violation count', async ({ page }) => {
  await page.goto('/chat-test');
  let token: string | undefined;
  await expect
    .poll(async () => {
      token = (await page.context().cookies()).find((cookie) => cookie.name === 'visitor')?.value;
      return token;
    })
    .toBeTruthy();
  const id = createHash('sha256')
    .update(token ?? '')
    .digest('hex');
  const now = new Date();
  // Reaching a third violation takes mutes that last an hour; the state is set directly instead.
  await db().query(
    `INSERT INTO chat_guard_sessions (id, ip, state, total_violations, last_activity, created_at)
     VALUES (?, '192.0.2.10', 'PERMANENTLY_MUTED', 3, ?, ?)
     ON DUPLICATE KEY UPDATE state = 'PERMANENTLY_MUTED', total_violations = 3`,
    [id, now, now],
  );

  await expect(page.getByRole('heading', { name: 'Account Permanently Muted' })).toBeVisible();
  await expect(page.getByText('after 3 violations')).toBeVisible();
  await expect(page.getByText(/contact support, or refresh the page to start a new session/)).toBeVisible();
  await expect(counter(page, 'Mute Expires')).toContainText('Never');
  await expect(messageInput(page)).toHaveAttribute('placeholder', 'Chat is permanently muted');

  await page.getByRole('button', { name: 'Test Normal Message' }).click();
  await expect(page.getByText('Chat Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Cannot send message in PERMANENTLY_MUTED state')).toBeVisible();
});
