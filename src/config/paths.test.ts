import { describe, expect, it } from 'vitest';
import { LINEAR_TIME_TEST, slowCases } from '@shared/linear-time.test-helpers';
import { pagePath } from './paths';

describe('pagePath', () => {
  it('drops trailing slashes and keeps the root', () => {
    expect(pagePath('/products/')).toBe('/products');
    expect(pagePath('/products///')).toBe('/products');
    expect(pagePath('/products')).toBe('/products');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('///')).toBe('/');
  });

  it('runs in linear time on long runs of slashes', LINEAR_TIME_TEST, () => {
    expect(slowCases([['pagePath', pagePath]])).toEqual([]);
  });
});
