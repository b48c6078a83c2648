import { expectNoSeriousAxeViolations } from './axe';
import { db, expect, test, uniqueEmail } from './fixtures';
import { islandLive, scrollTo } from './public-site-helpers';

// Public site, how it is rendered: the signed-in home, the prerendered pages and their hydration, motion and layout
// shifts, and accessibility of the pages' interactive states.

test.describe('signed-in home', () => {
  test('shows the hero, features and stats without the landing extras', async ({ page, loginAs }) => {
    await loginAs('client', { firstName: 'Nadia' });
    const authRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/auth.current')) authRequests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByText('Welcome back, Nadia')).toBeVisible();
    // The app took the page over with the answer the page had asked for: it did not ask again.
    expect(authRequests).toHaveLength(1);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(authRequests).toHaveLength(1);
    await expect(page.getByText('Servicing all 50 States', { exact: true })).toBeVisible();
    await expect(page.locator('#features').getByRole('heading', { level: 3 })).toHaveCount(8);
    await expect(page.getByRole('heading', { name: 'Get loan from 3 simple process' })).toBeVisible();
    await expect(page.locator('#calculator')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Get Early Access' })).toHaveCount(0);
    await expect(page).toHaveTitle('Home | Summit Funding');
  });
});

test.describe('prerendered pages', () => {
  for (const [route, text] of [
    ['/', 'Servicing all 50 States'],
    ['/products', 'Why Not Banks?'],
    ['/about', 'What Will You Build Next?'],
    ['/contact', 'Monday-Friday 8:00 AM - 7:00 PM EST'],
  ] as const) {
    test(`${route} arrives as HTML with its styles and title, and paints without JavaScript`, async ({
      page,
      browser,
    }) => {
      const response = await page.request.get(route);
      const html = await response.text();
      expect(html).toContain(`data-prerendered="${route}"`);
      expect(html).toContain(text);
      expect(html).toMatch(/<style data-ssr-emotion="css [^"]+">/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html).not.toMatch(/<script>/);

      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const staticPage = await noJs.newPage();
      await staticPage.goto(route);
      await expect(staticPage.getByText(text).first()).toBeVisible();
      await expect(staticPage.getByRole('heading', { level: 1 })).toBeVisible();
      // Styled: the hero band is dark and its heading white.
      expect(await staticPage.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).color)).toBe(
        'rgb(255, 255, 255)',
      );
      await noJs.close();
    });
  }

  test('carries only the global CSS its first view reads, and the rest once React starts', async ({ page }) => {
    await page.goto('/');
    const later = page.locator('head template[data-later-styles]');
    await expect(later).toHaveCount(1);
    // A token variable and a keyframe the first view does not read wait in the template, not in the head.
    const { variable, keyframes } = await later.evaluate((template: HTMLTemplateElement) => {
      const css = template.content.textContent ?? '';
      return {
        variable: /(--chakra-colors-[\w-]+):/.exec(css)?.[1] ?? '',
        keyframes: /@keyframes ([\w-]+)/.exec(css)?.[1] ?? '',
      };
    });
    expect(variable).not.toBe('');
    expect(keyframes).not.toBe('');
    const valueOf = (name: string) =>
      page.evaluate((property) => getComputedStyle(document.documentElement).getPropertyValue(property), name);
    expect(await valueOf(variable)).toBe('');
    const head = await page.locator('head style[data-ssr-emotion^="css-global"]').textContent();
    expect(head).not.toContain(`@keyframes ${keyframes}{`);
    // An island further down starts React: the rest of the CSS is in the head from then on.
    await page.locator('#calculator').scrollIntoViewIfNeeded();
    await islandLive(page, 'calculator');
    await expect(later).toHaveCount(0);
    expect(await valueOf(variable)).not.toBe('');
    expect(await page.evaluate(() => document.head.innerHTML)).toContain(`@keyframes ${keyframes}{`);
  });

  test('hydrates the prerendered markup without errors and stays interactive', async ({ page }) => {
    // Any hydration mismatch is logged with console.error, which fails the test (fixtures.ts).
    await page.goto('/products');
    await page.locator('#faq').getByRole('button', { name: 'Do you require tax returns?' }).click();
    await expect(page.getByText('We review your recent bank statements instead of tax returns.')).toBeVisible();
    await page.goto('/');
    await page.locator('#calculator').getByRole('slider', { name: 'Interest Rate' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('#calculator').getByTestId('emi-amount')).toHaveText('$4,684');
  });

  test("keeps the prerendered page on screen while its islands' code loads slowly", async ({ page }) => {
    await page.addInitScript(() => {
      const state = window as unknown as { headingRemoved: boolean };
      state.headingRemoved = false;
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector('h1');
        new MutationObserver(() => {
          if (heading && !heading.isConnected) state.headingRemoved = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    // The first view's islands and the calculator arrive late; the signed-out auth answer comes back at once.
    const delayed = new Set<string>();
    await page.route(/\/assets\/(first-view|loan-calculator)-[\w-]+\.js$/, async (route) => {
      delayed.add(/(first-view|loan-calculator)-/.exec(route.request().url())![1]!);
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/');
    await page.locator('#calculator').getByRole('slider', { name: 'Loan Duration' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#calculator').getByTestId('loan-duration')).toHaveText('2.1 years');
    // The bar hydrates only when the visitor reaches for it (its React code, the first view's chunk, comes late too).
    await page.getByRole('navigation', { name: 'Main' }).hover();
    await islandLive(page, 'navbar');
    expect([...delayed].sort()).toEqual(['first-view', 'loan-calculator']);
    expect(await page.evaluate(() => (window as unknown as { headingRemoved: boolean }).headingRemoved)).toBe(false);
  });

  test('what a visitor does in a section before its code arrives is played once it is live', async ({ page }) => {
    // The calculator's and the signup form's code is held back; they are on screen from the HTML meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    await page.route(/\/assets\/(loan-calculator|email-signup)-[\w-]+\.js$/, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    const email = uniqueEmail('early');
    await page.goto('/');
    const calculator = page.locator('#calculator');
    await calculator.getByRole('slider', { name: 'Loan Duration' }).focus();
    await page.keyboard.press('ArrowRight');
    const form = page.getByRole('form', { name: 'Mailing list signup' });
    await form.getByRole('textbox', { name: 'Email address' }).fill(email);
    await form.getByRole('button', { name: 'Join the List' }).click();
    await expect.poll(() => requested.length).toBeGreaterThanOrEqual(2);
    // Nothing has happened yet: the key and the submit wait for the code.
    await expect(calculator.getByTestId('loan-duration')).toHaveText('2.0 years');
    await expect(page.locator('[data-island="calculator"]')).not.toHaveAttribute('data-live');
    release();
    await islandLive(page, 'calculator');
    await expect(calculator.getByTestId('loan-duration')).toHaveText('2.1 years');
    await expect(page.getByText('Success!', { exact: true })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
    const [rows] = await db().query('SELECT email FROM email_signups WHERE email = ?', [email]);
    expect(rows).toEqual([{ email }]);
  });

  test('other paths served with the fallback page render their own route, not the landing page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByText('Servicing all 50 States', { exact: true })).toHaveCount(0);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Servicing all 50 States', { exact: true })).toHaveCount(0);
  });
});

test.describe('motion and layout', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('hero counters count up once visible without shifting the layout', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const state = window as unknown as { shifts: string[]; cls: number };
      state.shifts = [];
      state.cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          state.cls += entry.value;
          const where = entry.sources.map((source) => {
            const node = source.node as HTMLElement | undefined;
            return `${node?.nodeName}.${String(node?.className ?? '')} ${source.previousRect.y}->${source.currentRect.y}`;
          });
          state.shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${where.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const counters = page.locator('section').first().getByTestId('counter-value');
    const box = await counters.first().boundingBox();
    await expect(counters).toHaveText(['10K+', '$1B+'], { timeout: 10_000 });
    expect(await counters.first().boundingBox()).toEqual(box);
    await scrollTo(page, 400);
    await expect(page.getByRole('region', { name: 'Apply Today' })).toBeVisible();
    const { cls, shifts } = await page.evaluate(() => {
      const state = window as unknown as { shifts: string[]; cls: number };
      return { cls: state.cls, shifts: state.shifts };
    });
    expect(cls, shifts.join('\n')).toBeLessThanOrEqual(0.02);
  });

  test('About counters reach $1000M+ and 10,000+', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('#our-impact').getByTestId('counter-value')).toHaveText(['$1000M+', '10,000+'], {
      timeout: 15_000,
    });
  });
});

test.describe('accessibility', () => {
  // /apply (the wizard) runs its own axe checks.
  for (const route of ['/', '/products', '/about', '/contact']) {
    test(`${route} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  }

  test('the open FAQ, the sticky box and form errors pass axe too', async ({ page }) => {
    await page.goto('/products');
    await page.locator('#faq').getByRole('button').first().click();
    const answer = page.getByText('Most applications are decided within minutes');
    await expect(answer).toBeVisible();
    await expect.poll(() => answer.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
    await expectNoSeriousAxeViolations(page);
    await page.goto('/');
    await page
      .getByRole('form', { name: 'Mailing list signup' })
      .getByRole('button', { name: 'Join the List' })
      .click();
    await scrollTo(page, 500);
    await expect(page.getByRole('region', { name: 'Apply Today' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Minimize Apply Today box' }).click();
    await expectNoSeriousAxeViolations(page);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectNoSeriousAxeViolations(page);
  });

  test('shows a visible focus ring on keyboard focus', async ({ page }) => {
    await page.goto('/');
    const learnMore = page.getByRole('button', { name: 'Learn More' });
    await learnMore.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(learnMore).toBeFocused();
    const outline = await learnMore.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
  });
});
