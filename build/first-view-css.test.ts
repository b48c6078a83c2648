import { describe, expect, it } from 'vitest';
import { splitFirstViewCss } from './first-view-css';

const GLOBAL = [
  '@layer reset,base,tokens;',
  '@layer reset{*{margin:0px;border-color:var(--global-color-border, currentColor);}}',
  '@layer base{*{--ring-color:rgba(66, 153, 225, 0.6);--blur:var(--chakra-empty, );--global-color-border:var(--chakra-colors-border);}',
  '@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}',
  '@keyframes fade-in{from{opacity:0;}to{opacity:1;}}',
  '@-webkit-keyframes fade-in{from{opacity:0;}to{opacity:1;}}}',
  '@layer tokens{:where(html, .chakra-theme){--chakra-colors-gray-200:#e4e4e7;--chakra-colors-border:var(--chakra-colors-gray-200);',
  '--chakra-colors-red-500:#ef4444;--chakra-fonts-body:"Inter;Sans", sans-serif;--chakra-animations-spin:spin 1s linear infinite;}',
  '@media (prefers-contrast: more){:where(html){--chakra-colors-border:#000;--chakra-colors-red-500:#f00;}}}',
].join('');

describe('splitFirstViewCss', () => {
  it('keeps the variables the page reaches, through other variables, and leaves the rest for later', () => {
    const { head, later } = splitFirstViewCss(GLOBAL, '.css-a{color:var(--chakra-colors-red-500);}<p style="x">');
    // Reached: red-500 (page), border (reset's border-color via --global-color-border), gray-200 (border's value).
    for (const kept of [
      '--chakra-colors-red-500:#ef4444',
      '--chakra-colors-border:var(--chakra-colors-gray-200)',
      '--chakra-colors-gray-200:#e4e4e7',
      '--global-color-border:var(--chakra-colors-border)',
      '--chakra-colors-red-500:#f00',
      '--chakra-colors-border:#000',
    ])
      expect(head).toContain(kept);
    for (const left of ['--ring-color', '--blur', '--chakra-fonts-body', '--chakra-animations-spin', 'keyframes'])
      expect(head).not.toContain(left);
    expect(later).toBe(
      [
        '@layer base{*{--ring-color:rgba(66, 153, 225, 0.6);--blur:var(--chakra-empty, );}',
        '@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}',
        '@keyframes fade-in{from{opacity:0;}to{opacity:1;}}',
        '@-webkit-keyframes fade-in{from{opacity:0;}to{opacity:1;}}}',
        '@layer tokens{:where(html, .chakra-theme){--chakra-fonts-body:"Inter;Sans", sans-serif;',
        '--chakra-animations-spin:spin 1s linear infinite;}}',
      ].join(''),
    );
    // The layer order and every other rule stay in the head, in their layers.
    expect(head.startsWith('@layer reset,base,tokens;@layer reset{*{margin:0px;')).toBe(true);
    expect(head).toContain('@media (prefers-contrast: more){:where(html){');
  });

  it('keeps a keyframe the page names, and one a kept variable names', () => {
    const named = splitFirstViewCss(GLOBAL, '.css-b{animation:fade-in 0.2s;}');
    expect(named.head).toContain('@keyframes fade-in{');
    expect(named.head).toContain('@-webkit-keyframes fade-in{');
    expect(named.head).not.toContain('@keyframes spin');
    const throughVariable = splitFirstViewCss(GLOBAL, '.css-c{animation:var(--chakra-animations-spin);}');
    expect(throughVariable.head).toContain('--chakra-animations-spin:spin 1s linear infinite');
    expect(throughVariable.head).toContain('@keyframes spin{');
    // A name inside another word is not a use.
    expect(splitFirstViewCss(GLOBAL, '.css-d{animation:spinner 1s;}').head).not.toContain('@keyframes spin{');
  });

  it('puts back together what it split: head and later hold every declaration once', () => {
    const { head, later } = splitFirstViewCss(GLOBAL, '');
    const declarations = (css: string) => (css.match(/--[\w-]+:/g) ?? []).sort();
    expect([...declarations(head), ...declarations(later)].sort()).toEqual(declarations(GLOBAL));
    expect(splitFirstViewCss('@layer a{b{c:d;}}', '').later).toBe('');
  });

  it('fails loudly on CSS it cannot split', () => {
    expect(() => splitFirstViewCss('a{b:c;', '')).toThrow(/unbalanced/);
    expect(() => splitFirstViewCss('a{b:c;}}', '')).toThrow();
  });
});
