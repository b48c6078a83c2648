import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import type { WizardStep } from '../utils/wizard';

/**
 * A new step takes the focus to its heading, so screen readers announce it and keyboards start at the top; not on
 * mount, nor for a step restored from a draft (`restoredStepRef`). Once the step is painted: focusing and scrolling need
 * the new step's style and layout at once, and React runs this effect of a click's render before the browser paints,
 * so it made the browser compute them twice before showing the step (about a third of Next's time at a phone's speed).
 */
export function useStepHeadingFocus(step: WizardStep, restoredStepRef: RefObject<WizardStep | null>) {
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const hasMounted = useRef(false);
  useEffect(() => {
    if (!hasMounted.current || step === restoredStepRef.current) {
      hasMounted.current = true;
      restoredStepRef.current = null;
      return;
    }
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        headingRef.current?.focus({ preventScroll: true });
        headingRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [step, restoredStepRef]);
  return headingRef;
}

/**
 * The step painted last, whose next step the wizard keeps rendered, hidden, so that Next only has to show it. It is
 * set once the current step is on screen, as a transition: the next step renders in slices while the visitor reads
 * the current one, and never inside the click that showed it.
 */
export function usePreparedStep(isReady: boolean, step: WizardStep): WizardStep | null {
  const [preparedFrom, setPreparedFrom] = useState<WizardStep | null>(null);
  useEffect(() => {
    if (!isReady) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPreparedFrom(step)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [isReady, step]);
  return preparedFrom;
}
