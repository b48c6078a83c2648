import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Scrolls until the page is there (a route that just rendered may still reset the scroll once). */
export async function scrollTo(page: Page, y: number) {
  await expect
    .poll(() =>
      page.evaluate((top) => {
        window.scrollTo({ top, behavior: 'instant' });
        return Math.round(window.scrollY);
      }, y),
    )
    .toBe(y);
}

/**
 * Waits until an island of a prerendered public page is live: hydrated, and what the visitor did before then played
 * again. The page says so itself (`data-live` on the island's wrapper: src/lib/lazy-section-watch.ts).
 */
export async function islandLive(page: Page, name: string) {
  await expect(page.locator(`[data-island="${name}"][data-live]`).first()).toBeAttached();
}
