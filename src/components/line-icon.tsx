import type { ReactNode } from 'react';

/** A decorative 24-unit line icon drawn in the current text colour (hidden from screen readers). */
export function LineIcon({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
