import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// System fonts only: nothing is fetched from a CDN.
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, system-ui, sans-serif" },
        body: { value: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, system-ui, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#e8f0fd' },
          100: { value: '#c6d8f9' },
          200: { value: '#9dbaf2' },
          300: { value: '#6f98e8' },
          400: { value: '#4479db' },
          500: { value: '#1f5cc7' },
          600: { value: '#1549a6' },
          700: { value: '#0b3d91' },
          800: { value: '#082c69' },
          900: { value: '#051c44' },
          950: { value: '#03112a' },
        },
        gold: { 400: { value: '#f7c948' }, 500: { value: '#f5b301' }, 600: { value: '#cc9400' } },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default (red.500) has 3.8:1 on white, under WCAG AA's 4.5:1 for the small field error text.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
