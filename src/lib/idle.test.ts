import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eachWhenIdle } from './idle';

type Pending = { callback: (deadline: IdleDeadline) => void; handle: number };

/** A browser whose idle periods the test hands out, each with so many milliseconds left. */
function fakeIdleBrowser() {
  const pending: Pending[] = [];
  let next = 1;
  vi.stubGlobal('window', {
    requestIdleCallback: (callback: Pending['callback']) => {
      pending.push({ callback, handle: next });
      return next++;
    },
    cancelIdleCallback: (handle: number) => {
      const index = pending.findIndex((entry) => entry.handle === handle);
      if (index >= 0) pending.splice(index, 1);
    },
  });
  return {
    idle(msLeft: number, didTimeout = false) {
      const entry = pending.shift();
      entry?.callback({ didTimeout, timeRemaining: () => msLeft });
    },
    get waiting() {
      return pending.length;
    },
  };
}

describe('eachWhenIdle', () => {
  let browser: ReturnType<typeof fakeIdleBrowser>;
  beforeEach(() => {
    browser = fakeIdleBrowser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs one job per idle period, in order', () => {
    const ran: string[] = [];
    eachWhenIdle([() => ran.push('a'), () => ran.push('b')], { timeout: 1000, fallbackMs: 10 });
    browser.idle(20);
    expect(ran).toEqual(['a']);
    browser.idle(20);
    expect(ran).toEqual(['a', 'b']);
    expect(browser.waiting).toBe(0);
  });

  it('waits for an idle period with enough time left, or for the timeout', () => {
    const ran: string[] = [];
    eachWhenIdle([() => ran.push('a')], { timeout: 1000, fallbackMs: 10, minimumMs: 8 });
    browser.idle(3);
    expect(ran).toEqual([]);
    browser.idle(3, true);
    expect(ran).toEqual(['a']);
  });

  it('runs nothing more once cancelled', () => {
    const ran: string[] = [];
    const cancel = eachWhenIdle([() => ran.push('a'), () => ran.push('b')], { timeout: 1000, fallbackMs: 10 });
    browser.idle(20);
    cancel();
    browser.idle(20);
    expect(ran).toEqual(['a']);
    expect(browser.waiting).toBe(0);
  });
});
