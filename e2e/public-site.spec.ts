import type { Page } from '@playwright/test';
import { db, expect, latestMailTo, test, uniqueEmail } from './fixtures';
import { islandLive, scrollTo } from './public-site-helpers';

// Public site: the literal texts of the pages, the calculator, the sticky box,
// the FAQ, the mailing list and the contact form, prerendered HTML and accessibility.

const STAFF_EMAIL = 'underwriting@summitfunding.example';

async function expectMeta(page: Page, title: string) {
  await expect(page).toHaveTitle(title);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length ?? 0).toBeGreaterThan(50);
}

test.describe('landing page', () => {
  test('shows the hero, features, stats and every landing section with their literal texts', async ({ page }) => {
    await page.goto('/');
    await expectMeta(page, 'Same-Day Small Business Funding | Summit Funding');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByText('Servicing all 50 States')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'We Simplify Banking and Loan Methods for Your Business',
    );
    await expect(hero.getByRole('list', { name: 'Benefits' }).getByRole('listitem')).toHaveCount(3);
    await expect(hero.getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/apply');
    // Reduced motion (playwright.config): the counters show their final values at once.
    await expect(hero.getByTestId('counter-value')).toHaveText(['10K+', '$1B+']);
    await expect(hero.getByText('Active users')).toBeVisible();
    await expect(hero.getByText('Total Funding Deployed')).toBeVisible();
    await expect(hero.locator('video')).toHaveAttribute('poster', '/media/hero-poster.webp');

    const features = page.locator('#features');
    for (const name of [
      'Fast Mobility',
      'Term Loan',
      'Easy Experience',
      'Safe and Protected',
      'Worldwide Locations',
      'One Term Fees',
      'Merchant Payment',
      'Growth Focus',
    ]) {
      await expect(features.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(features.getByRole('heading', { level: 3 })).toHaveCount(8);

    await expect(page.getByRole('heading', { name: 'Get loan from 3 simple process' })).toBeVisible();
    const stats = page.locator('#stats');
    for (const text of [
      '50',
      'States',
      '10K+',
      'Total Business Served',
      '$1B+',
      'Funding Deployed',
      '10+',
      'Years Experience',
      '99%',
      'Success Rate',
    ]) {
      await expect(stats.getByText(text, { exact: true })).toBeVisible();
    }

    for (const heading of [
      'Estimate Your Payments',
      'Simple Requirements',
      '3 Steps to Cash',
      'Fund Anything',
      'Real Results',
      'Get Early Access',
      'Ready to Grow Your Business?',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.locator('#calculator')).toBeVisible();
    for (const text of ['FICO 550+', '3 Months of Bank Statements', '1+ Year in Business', '$10K+ Monthly Revenue']) {
      await expect(page.locator('#requirements').getByRole('heading', { name: text })).toBeVisible();
    }
    for (const step of ['Get Pre-Approved', 'Select Your Terms', 'Receive Funding']) {
      await expect(page.locator('#steps').getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(page.locator('#fund-anything').getByRole('listitem')).toHaveCount(8);
    const testimonials = page.locator('#testimonials');
    await expect(testimonials.locator('figure')).toHaveCount(4);
    await expect(testimonials.getByRole('img', { name: '5 out of 5 stars' })).toHaveCount(4);
  });

  test('sends every Apply Now, Start Now, Get My Funding to /apply and See All Options to /products', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.locator('#main');
    for (const name of ['Apply Now', 'Start Now', 'Get My Funding']) {
      const links = main.getByRole('link', { name, exact: true });
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/apply');
    }
    await main.getByRole('link', { name: 'See All Options' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { name: 'Pick Your Product' })).toBeVisible();
  });

  test('Learn More scrolls to the features', async ({ page }) => {
    await page.goto('/');
    const featuresHeading = page.locator('#features').getByRole('heading', { level: 2 });
    await expect(featuresHeading).not.toBeInViewport();
    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect(featuresHeading).toBeInViewport();
    await expect(featuresHeading).toBeFocused();
  });

  test('the sticky Apply Today box appears after 300 px, minimizes, expands and closes for the visit', async ({
    page,
  }) => {
    await page.goto('/');
    const box = page.getByRole('region', { name: 'Apply Today' });
    await scrollTo(page, 250);
    await expect(box).toHaveCount(0);
    await scrollTo(page, 301);
    await expect(box).toBeVisible();
    await expect(box.getByText('Get up to $5M in 24 hours')).toBeVisible();
    await expect(box.getByText('Same-day approval guaranteed')).toBeVisible();
    await expect(box.getByRole('link', { name: 'Get My Money' })).toHaveAttribute('href', '/apply');
    await scrollTo(page, 100);
    await expect(box).toHaveCount(0);
    await scrollTo(page, 600);

    await box.getByRole('button', { name: 'Minimize Apply Today box' }).click();
    await expect(box.getByText('Get up to $5M in 24 hours')).toHaveCount(0);
    const expand = box.getByRole('button', { name: 'Expand Apply Today box' });
    await expect(expand).toBeVisible();
    await expand.click();
    await expect(box.getByRole('link', { name: 'Get My Money' })).toBeVisible();

    await box.getByRole('button', { name: 'Close Apply Today box' }).click();
    await expect(box).toHaveCount(0);
    await scrollTo(page, 0);
    await scrollTo(page, 900);
    await expect(box).toHaveCount(0);
    // Closed stays closed for the visit, across pages.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Real Results' })).toBeAttached();
    await scrollTo(page, 900);
    await expect(box).toHaveCount(0);
  });

  test('the sticky box works with the keyboard and keeps its place without shifting the page', async ({ page }) => {
    await page.goto('/');
    await scrollTo(page, 400);
    const box = page.getByRole('region', { name: 'Apply Today' });
    await expect(box).toBeVisible();
    const before = await page.getByRole('heading', { name: 'Get loan from 3 simple process' }).boundingBox();
    await box.getByRole('button', { name: 'Minimize Apply Today box' }).focus();
    await page.keyboard.press('Enter');
    await expect(box.getByRole('button', { name: 'Expand Apply Today box' })).toBeVisible();
    const after = await page.getByRole('heading', { name: 'Get loan from 3 simple process' }).boundingBox();
    expect(after?.y).toBe(before?.y);
    expect(await box.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
  });
});

test.describe('loan calculator', () => {
  const output = (page: Page, id: string) => page.locator('#calculator').getByTestId(id);

  test('starts at the defaults and recomputes with each slider, by keyboard and by pointer', async ({ page }) => {
    await page.goto('/');
    const calculator = page.locator('#calculator');
    const amount = calculator.getByRole('slider', { name: 'Loan Amount' });
    const rate = calculator.getByRole('slider', { name: 'Interest Rate' });
    const term = calculator.getByRole('slider', { name: 'Loan Duration' });
    await expect(amount).toHaveAttribute('aria-valuenow', '100000');
    await expect(amount).toHaveAttribute('aria-valuemin', '5000');
    await expect(amount).toHaveAttribute('aria-valuemax', '5000000');
    await expect(rate).toHaveAttribute('aria-valuenow', '12');
    await expect(term).toHaveAttribute('aria-valuenow', '24');
    await expect(output(page, 'emi-amount')).toHaveText('$4,707');
    await expect(output(page, 'interest-payable')).toHaveText('$12,976');
    await expect(output(page, 'total-amount')).toHaveText('$112,976');
    await expect(output(page, 'loan-duration')).toHaveText('2.0 years');

    // Amount: one step of $5,000 with the arrow key.
    await amount.focus();
    await page.keyboard.press('ArrowRight');
    await expect(amount).toHaveAttribute('aria-valuenow', '105000');
    await expect(amount).toHaveAttribute('aria-valuetext', '$105,000');
    await expect(output(page, 'emi-amount')).toHaveText('$4,943');
    await expect(output(page, 'total-amount')).toHaveText('$118,625');

    // Rate: 0.5% steps.
    await rate.focus();
    await page.keyboard.press('ArrowRight');
    await expect(rate).toHaveAttribute('aria-valuenow', '12.5');
    await expect(output(page, 'emi-amount')).toHaveText('$4,967');
    await expect(output(page, 'interest-payable')).toHaveText('$14,214');

    // Duration: months, shown in years to one decimal.
    await term.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(term).toHaveAttribute('aria-valuenow', '23');
    await expect(output(page, 'loan-duration')).toHaveText('1.9 years');
    await expect(output(page, 'emi-amount')).toHaveText('$5,158');

    // Home and End reach the range ends.
    await amount.focus();
    await page.keyboard.press('End');
    await expect(amount).toHaveAttribute('aria-valuenow', '5000000');
    await page.keyboard.press('Home');
    await expect(amount).toHaveAttribute('aria-valuenow', '5000');
    await rate.focus();
    await page.keyboard.press('End');
    await expect(rate).toHaveAttribute('aria-valuenow', '25');
    await term.focus();
    await page.keyboard.press('End');
    await expect(term).toHaveAttribute('aria-valuenow', '60');
    await expect(output(page, 'loan-duration')).toHaveText('5.0 years');
    await expect(output(page, 'emi-amount')).toHaveText('$147');
    await expect(output(page, 'total-amount')).toHaveText('$8,805');

    // Pointer: a click near the right end of the duration track.
    await term.focus();
    await page.keyboard.press('Home');
    await expect(output(page, 'loan-duration')).toHaveText('0.5 years');
    const track = calculator.locator('[data-part="control"]').nth(2);
    const bounds = await track.boundingBox();
    await page.mouse.click(bounds!.x + bounds!.width * 0.75, bounds!.y + bounds!.height / 2);
    await expect(output(page, 'loan-duration')).not.toHaveText('0.5 years');
    expect(Number(await term.getAttribute('aria-valuenow'))).toBeGreaterThan(40);
  });
});

test.describe('mailing list', () => {
  test('refuses an empty or invalid email with the literal message', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Mailing list signup' });
    const field = form.getByRole('textbox', { name: 'Email address' });
    await expect(field).toHaveAttribute('type', 'email');
    await expect(field).toHaveAttribute('required', '');
    await form.getByRole('button', { name: 'Join the List' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await field.fill('not-an-email@');
    await expect(form.getByText('Please enter a valid email address.')).toHaveCount(0);
    await form.getByRole('button', { name: 'Join the List' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  });

  test('joins, shows Joining... while pending, confirms and clears the field', async ({ page }) => {
    const email = uniqueEmail('list');
    await page.goto('/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/email-signup', async (route) => {
      await held;
      await route.continue();
    });
    const form = page.getByRole('form', { name: 'Mailing list signup' });
    await form.getByRole('textbox', { name: 'Email address' }).fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Join the List' }).click();
    await expect(form.getByRole('button', { name: 'Joining...' })).toBeVisible();
    release();
    await expect(page.getByText('Success!', { exact: true })).toBeVisible();
    await expect(
      page.getByText("You've been added to our mailing list. We'll keep you posted about our lending products."),
    ).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
    const [rows] = await db().query('SELECT email FROM email_signups WHERE email = ?', [email]);
    expect(rows).toEqual([{ email }]);
  });

  test('shows the server message, or the fallback, when the signup fails', async ({ page }) => {
    await page.goto('/');
    await page.route('**/api/email-signup', (route) =>
      route.fulfill({ status: 429, contentType: 'text/plain', body: 'Too many attempts. Please try again later.' }),
    );
    const form = page.getByRole('form', { name: 'Mailing list signup' });
    await form.getByRole('textbox', { name: 'Email address' }).fill(uniqueEmail('busy'));
    await form.getByRole('button', { name: 'Join the List' }).click();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Too many attempts. Please try again later.')).toBeVisible();

    await page.unroute('**/api/email-signup');
    await page.route('**/api/email-signup', (route) => route.abort('failed'));
    await form.getByRole('button', { name: 'Join the List' }).click();
    await expect(page.getByText('Failed to sign up. Please try again.')).toBeVisible();
  });
});

test.describe('products page', () => {
  test('shows requirements, four products, the Why Not Banks? table and a final call to action', async ({ page }) => {
    await page.goto('/products');
    await expectMeta(page, 'Our Products | Summit Funding');
    await expect(page.getByRole('heading', { name: 'Simple Requirements' })).toBeVisible();
    const products = page.locator('#pick-your-product');
    await expect(products.getByRole('heading', { name: 'Pick Your Product' })).toBeVisible();
    const expected = [
      ['Term Loan', 'Up to $1,000,000', '6-24 months'],
      ['Debt Consolidation', 'Custom amount', '6-18 months'],
      ['Bridge / Merchant Cash Advance', 'Up to $500,000', 'Up to 24 months'],
      ['Revolving Line of Credit', 'Up to $250,000', 'Up to 24 months'],
    ];
    for (const [name, amount, term] of expected) {
      const card = products.locator('.chakra-card__root', { has: page.getByRole('heading', { name, exact: true }) });
      await expect(card.getByText(amount!, { exact: true })).toBeVisible();
      await expect(card.getByText(term!, { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: `Apply Now for ${name}` })).toHaveAttribute('href', '/apply');
    }

    await expect(page.getByRole('heading', { name: 'Why Not Banks?' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(9);
    const rows: [string, string, string][] = [
      ['FICO Minimum', '700', '550'],
      ['Time to Access Capital', '30-60 days', '1 day'],
      ['Years in Business', '5+', '1+'],
      ['Processing Time', '90 days', '1 day'],
    ];
    for (const [label, bank, us] of rows) {
      const row = table.getByRole('row', { name: new RegExp(`^${label}`) });
      await expect(row.getByRole('cell').nth(0)).toHaveText(bank);
      await expect(row.getByRole('cell').nth(1)).toHaveText(us);
    }
    for (const label of ['Financing Solutions', 'Tax Returns', 'Credit Score Impact', 'Repayment Schedule']) {
      await expect(table.getByRole('rowheader', { name: label })).toBeVisible();
    }
    await expect(page.locator('#main').getByRole('link', { name: 'Get My Funding' })).toHaveAttribute('href', '/apply');
  });

  test('the FAQ has 11 questions and opens one answer at a time', async ({ page }) => {
    await page.goto('/products');
    const faq = page.locator('#faq');
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(11);
    const first = faq.getByRole('button', { name: 'How fast can I get funded?' });
    const second = faq.getByRole('button', { name: 'What do I need to qualify?' });
    const firstAnswer = faq.getByText('Most applications are decided within minutes');
    const secondAnswer = faq.getByText('A FICO score of 550 or higher');
    await expect(firstAnswer).toBeHidden();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(firstAnswer).toBeVisible();
    await second.click();
    await expect(secondAnswer).toBeVisible();
    await expect(firstAnswer).toBeHidden();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    // Keyboard: Enter on a focused question toggles it; it can be closed again.
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(secondAnswer).toBeHidden();
    await expect(faq.locator('[data-state="open"][data-part="item"]')).toHaveCount(0);
  });
});

test.describe('about page', () => {
  test('shows the counters, six benefits, six growth scenarios with their ranges and a success story', async ({
    page,
  }) => {
    await page.goto('/about');
    await expectMeta(page, 'About Us | Summit Funding');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const impact = page.locator('#our-impact');
    await expect(impact.getByTestId('counter-value')).toHaveText(['$1000M+', '10,000+']);
    await expect(impact.getByText('Total Funding Deployed')).toBeVisible();
    await expect(impact.getByText('Total Clients Served')).toBeVisible();
    await expect(page.locator('#benefits').getByRole('heading', { level: 3 })).toHaveCount(6);
    const growth = page.locator('#growth');
    for (const [title, range] of [
      ['Stock Up on Inventory', '$50K-$500K'],
      ['Open New Locations', '$100K-$2M'],
      ['Upgrade Equipment', '$25K-$1M'],
      ['Hire Key Staff', '$30K-$300K'],
      ['Launch Marketing Campaigns', '$20K-$250K'],
      ['Acquire Competitors', '$500K-$5M'],
    ]) {
      const card = growth.locator('article', { has: page.getByRole('heading', { name: title }) });
      await expect(card.getByText(range!, { exact: true })).toBeVisible();
    }
    await expect(page.locator('#success-story').getByRole('heading', { level: 3 })).toHaveCount(1);
    await expect(page.locator('#main').getByRole('link', { name: 'Get My Funding' })).toHaveAttribute('href', '/apply');
  });
});

/** Typing waits until the contact form is live (typing before that is covered by the held-input tests). */
const contactFormLive = (page: Page) => islandLive(page, 'contact-form');

test.describe('contact page', () => {
  test('shows the contact cards, hours and a map link that opens a maps search in a new tab', async ({ page }) => {
    await page.goto('/contact');
    await expectMeta(page, 'Contact Us | Summit Funding');
    for (const heading of ['Office Address', 'Phone', 'Email', 'Business Hours']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Monday-Friday 8:00 AM - 7:00 PM EST')).toBeVisible();
    const map = page.getByRole('link', { name: /Open in Maps/ });
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', /noopener/);
    const href = await map.getAttribute('href');
    expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(decodeURIComponent(href!.split('query=')[1]!)).toBe('1200 Summit Plaza, Suite 400, Dallas, TX 75201');
  });

  test('refuses a message without name, email or message', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Ana');
    await expect(form.getByText('Name is required')).toHaveCount(0);
  });

  test('sends a message: stored, mailed to staff, confirmed and the form cleared', async ({ page }) => {
    const email = uniqueEmail('contact');
    const name = `Riley Contact ${email.slice(8, 16)}`;
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    await contactFormLive(page);
    await form.getByRole('textbox', { name: 'Full Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Phone' }).fill('(555) 010-7788');
    await form.getByRole('textbox', { name: 'Company' }).fill('Riley Bikes LLC');
    await form.getByRole('textbox', { name: 'Message' }).fill('Can you fund a second store?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent!')).toBeVisible();
    await expect(page.getByText("Thank you for contacting us. We'll get back to you within 24 hours.")).toBeVisible();
    for (const field of ['Full Name', 'Email', 'Phone', 'Company', 'Message']) {
      await expect(form.getByRole('textbox', { name: field })).toHaveValue('');
    }
    const [rows] = await db().query('SELECT email, company, message FROM contact_messages WHERE name = ?', [name]);
    expect(rows).toEqual([{ email, company: 'Riley Bikes LLC', message: 'Can you fund a second store?' }]);
    await expect.poll(() => latestMailTo(STAFF_EMAIL) ?? '').toContain(name);
  });

  test('keeps the message and shows the destructive toast when sending fails', async ({ page }) => {
    await page.goto('/contact');
    await contactFormLive(page);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: 'Internal error' }));
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Sam Failure');
    await form.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('fail'));
    await form.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Sam Failure');
  });
});
