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
