import { type ReactNode, type Ref } from 'react';

interface ScrollRegionProps {
  /** What the region holds, read out when keyboard focus lands on it ("Users table"). */
  label: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A box that scrolls (a wide table on a phone, a conversation, a dialog's body). It takes keyboard focus
 * so someone without a mouse can scroll it with the arrow keys, and it is a labelled region so a screen
 * reader says what they are in.
 */
export function ScrollRegion({ label, className = '', children, ref }: ScrollRegionProps) {
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:ring-inset ${className}`}
    >
      {children}
    </div>
  );
}
