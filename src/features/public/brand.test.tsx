import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { addPageRecipes } from '@/lib/page-recipes';
import { createQueryClient } from '@/lib/query-client';
import { getSystem } from '@/theme';

// The public marketing copy names the brand of the lender configuration (src/shared/lender.ts), as the footer and
// the legal pages do: a build for another lender shows its brand, never the demo's.
vi.mock('@/config/lender', async () => {
  const { parseLenderEnv } = await import('@shared/lender');
  return { lender: parseLenderEnv({ LENDER_BRAND_NAME: 'Canary Capital', LENDER_LEGAL_NAME: 'Canary Capital LLC' }) };
});

async function render(load: () => Promise<{ default: ComponentType }>) {
  const { default: Page } = await load();
  addPageRecipes();
  // As the build's prerender does: lazy sections (Suspense) are waited for, not left as fallbacks.
  const { prelude } = await prerenderToNodeStream(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <ChakraProvider value={getSystem()}>
          <Page />
        </ChakraProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('public pages name the configured brand', () => {
  it('in the landing, about and products pages, the navigation bar and the page descriptions', async () => {
    const pages = await Promise.all([
      render(() => import('./pages/landing-page')),
      render(() => import('./pages/about-page')),
      render(() => import('./pages/products-page')),
      render(async () => {
        // The bar as the public pages' prerender draws it (an island: src/app/islands/registry.ts).
        const { NavbarIsland } = await import('@/components/navbar-island');
        return { default: () => <NavbarIsland pathname="/" /> };
      }),
    ]);
    const { PUBLIC_PAGE_META } = await import('./meta');
    // React separates text from an expression with an empty comment.
    const text = [...pages, JSON.stringify(PUBLIC_PAGE_META)].join('\n').replaceAll('<!-- -->', '');
    expect(text).not.toContain('Summit');
    for (const phrase of [
      'Why Canary Capital',
      'Canary Capital looked at our statements',
      'grow with Canary Capital.',
      'The Canary Capital Advantage',
      'For over 10 years Canary Capital has helped',
      'Traditional banks compared with Canary Capital',
      'aria-label="Canary Capital home"',
      'Talk to a Canary Capital advisor.',
    ])
      expect(text).toContain(phrase);
    // Four whole pages rendered on a busy machine: correctness only, not speed.
  }, 60_000);
});
