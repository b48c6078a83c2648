import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getSystem } from '@/theme';
import { NavbarIsland } from './navbar-island';

/** The bar as the prerender draws it on a page (signed-out state: no effect runs on the server). */
const barOn = (pathname: string) =>
  renderToString(
    <ChakraProvider value={getSystem()}>
      <NavbarIsland pathname={pathname} />
    </ChakraProvider>,
  );

/** The opening tags of the bar's links to `href` (the logo and the Home link both go to /). */
const linksTo = (html: string, href: string) => {
  const tags = [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes(`href="${href}"`));
  expect(tags.length, href).toBeGreaterThan(0);
  return tags;
};
const isCurrent = (tag: string) => tag.includes('aria-current="page"') && /class="[^"]*\bactive\b/.test(tag);

describe('the navigation bar island', () => {
  it('marks the page it is on as the current page, and only that one', () => {
    const html = barOn('/products');
    expect(linksTo(html, '/products').some(isCurrent)).toBe(true);
    for (const other of ['/', '/about', '/contact', '/apply']) {
      expect(
        linksTo(html, other).some((tag) => tag.includes('aria-current')),
        other,
      ).toBe(false);
    }
    // Home is current on / only: the other pages are not "under" it.
    expect(linksTo(barOn('/'), '/').some(isCurrent)).toBe(true);
  });

  it('draws the account area as loading until the page has asked who is signed in', () => {
    const html = barOn('/about');
    expect(html).toContain('aria-label="Loading account"');
    expect(html).not.toContain('Dashboard');
  });
});
