import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrateLater } from './hydrate-later';

describe('HydrateLater', () => {
  it('is drawn by the build as it is, complete (the prerender fails on a part still pending)', () => {
    const html = renderToString(
      <HydrateLater>
        <p>Requirements</p>
      </HydrateLater>,
    );
    expect(html).toContain('<p>Requirements</p>');
    expect(html).not.toMatch(/<!--\$[?!]-->/);
  });
});
