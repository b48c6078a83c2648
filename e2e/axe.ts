import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// WCAG 2.2 AA checks for every spec (docs/security.md O1): one place for the rule set and the report format.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Transitions (a toast, the sticky box fading in) would be measured half-transparent: let them finish. */
export async function settleAnimations(page: Page) {
  // Finite ones only: a spinner's animation runs for ever.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const box = page.getByRole('region', { name: 'Apply Today' });
  if (await box.count()) await expect.poll(() => box.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

/**
 * Serious and critical findings (inside `selector` when given), each with the offending markup and axe's own
 * explanation, so a failure says which colour or label is wrong. `all: true` reports every impact.
 */
export async function a11yViolations(page: Page, options: { selector?: string; all?: boolean } = {}) {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (options.selector) builder = builder.include(options.selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => options.all || violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map(
            (node) => `${node.html.slice(0, 160)} (${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)})`,
          )
          .join('; ')}`,
    );
}

export async function expectNoSeriousAxeViolations(page: Page, selector?: string) {
  expect(await a11yViolations(page, { selector })).toEqual([]);
}
