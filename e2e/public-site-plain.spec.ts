import { expect, test } from './fixtures';

// The islands of the first view of a public page work on the build's markup without React or Chakra
// (src/app/islands/plain-islands.ts): with the React islands' code never arriving, the counters count, Learn More
// scrolls and focuses, the video's control toggles, and the bar shows Log In and Apply once the auth answer is in.

/** Holds back React, Chakra's system and the islands' React code for the whole test. */
const REACT_CHUNKS = /\/assets\/(framework|theme|theme-config|start-islands|first-view)-[\w-]+\.js$/;

test.describe('the first view without React', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test.beforeEach(async ({ page }) => {
    await page.route(REACT_CHUNKS, (route) => route.abort());
  });

  test('the bar shows Log In and Apply once nobody is signed in, without hydrating', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Log In' }).last()).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Apply', exact: true }).last()).toHaveAttribute('href', '/apply');
    await expect(page.getByTestId('auth-placeholder')).toHaveCount(0);
    await expect(page.locator('[data-island="navbar"]')).not.toHaveAttribute('data-live');
  });

  test('the counters count up to their final text, which screen readers get from the start', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    const shown = hero.getByTestId('counter-value');
    await expect(shown).toHaveText(['10K+', '$1B+'], { timeout: 10_000 });
    for (const value of await shown.all()) await expect(value).toHaveAttribute('aria-hidden', 'true');
    await expect(hero.getByText('10K+', { exact: true }).last()).toBeAttached();
    await page.goto('/about');
    await expect(page.locator('#our-impact').getByTestId('counter-value')).toHaveText(['$1000M+', '10,000+'], {
      timeout: 15_000,
    });
  });

  test('Learn More scrolls to the features and focuses their heading', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-island="learn-more"][data-live]')).toBeAttached();
    const featuresHeading = page.locator('#features').getByRole('heading', { level: 2 });
    await expect(featuresHeading).not.toBeInViewport();
    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect(featuresHeading).toBeFocused();
    await expect(featuresHeading).toBeInViewport();
  });

  test("the video's control pauses and plays it, with its labels", async ({ page }) => {
    await page.goto('/');
    const video = page.locator('[data-island="hero-video"] video');
    await expect(video.locator('source')).toHaveCount(2);
    const control = page.locator('[data-island="hero-video"]').getByRole('button');
    await expect(control).toHaveAccessibleName(/^(Pause|Play) background video$/);
    // Playing (or refused: then it shows Play), a press turns it the other way.
    const label = await control.getAttribute('aria-label');
    const other = label === 'Pause background video' ? 'Play background video' : 'Pause background video';
    await control.click();
    await expect(control).toHaveAttribute('aria-label', other);
    if (other === 'Play background video') {
      expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
      await control.click();
      await expect(control).toHaveAttribute('aria-label', /^(Pause|Play) background video$/);
    }
  });
});

test('the video stays a poster with reduced motion (the default of these tests)', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.locator('[data-island="hero-video"]').getByRole('button')).toHaveCount(0);
  await expect(page.locator('[data-island="hero-video"] video source')).toHaveCount(0);
});
