import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMemo, useRef } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useSeenOnce } from '../hooks/use-seen-once';
import { useStepCounter } from '../hooks/use-step-counter';
import { widestCounterText, type CounterSpec } from '../utils/counters';

type Props = {
  spec: CounterSpec;
  label: string;
  /** Colors for dark (hero) or light sections. */
  tone?: 'light' | 'dark';
};

/**
 * The counting text alone: each step re-renders only this text, not the styled elements around it (the
 * counters tick every 50 ms while the page is still loading).
 */
function CounterValue({ spec, isActive, isReduced }: { spec: CounterSpec; isActive: boolean; isReduced: boolean }) {
  return spec.format(useStepCounter(spec, isActive, isReduced));
}

/**
 * A stat that counts up once when 10% of it is visible. The number sits in a box as wide as
 * the longest text it will show, left-aligned, so counting never moves anything else; screen readers and search
 * engines get the final value.
 */
export function AnimatedCounter({ spec, label, tone = 'light' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const isInView = useSeenOnce(ref, 0.1);
  const isReduced = usePrefersReducedMotion();
  const final = spec.format(spec.target);
  const widest = useMemo(() => widestCounterText(spec), [spec]);
  return (
    <Box ref={ref} textAlign="start">
      <Text
        as="span"
        aria-hidden="true"
        display="inline-block"
        w={`${widest.length}ch`}
        textAlign="start"
        whiteSpace="nowrap"
        fontSize={{ base: '3xl', md: '4xl' }}
        fontWeight="extrabold"
        lineHeight="1.1"
        css={{ fontVariantNumeric: 'tabular-nums' }}
        color={tone === 'dark' ? 'gold.400' : 'brand.700'}
        data-testid="counter-value"
      >
        <CounterValue spec={spec} isActive={isInView} isReduced={isReduced} />
      </Text>
      <VisuallyHidden>{final}</VisuallyHidden>
      <Text fontSize="sm" fontWeight="medium" color={tone === 'dark' ? 'whiteAlpha.900' : 'fg.muted'}>
        {label}
      </Text>
    </Box>
  );
}
