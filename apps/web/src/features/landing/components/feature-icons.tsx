import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" focusable="false" aria-hidden="true">
      {children}
    </svg>
  );
}

/** One line icon per selling point, in the order of de.landing.features. */
export const FEATURE_ICONS: readonly ReactNode[] = [
  <Icon key="swipe">
    <rect x="6" y="3" width="12" height="16" rx="2.5" />
    <path d="M3 9l-1.5 2.5L3 14M21 9l1.5 2.5L21 14M10 21h4" />
  </Icon>,
  <Icon key="anon">
    <path d="M3 11h18M6 11l1.5-6h9L18 11" />
    <circle cx="7.5" cy="16" r="3" />
    <circle cx="16.5" cy="16" r="3" />
    <path d="M10.5 16h3" />
  </Icon>,
  <Icon key="badge">
    <circle cx="12" cy="9" r="6" />
    <path d="M8.5 14l-1.5 7 5-2.5 5 2.5-1.5-7M12 6.5l.9 1.8 2 .3-1.5 1.4.4 2-1.8-1-1.8 1 .4-2-1.5-1.4 2-.3z" />
  </Icon>,
  <Icon key="share">
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.9l7.6-4.6M8.2 13.1l7.6 4.6" />
  </Icon>,
  <Icon key="shield">
    <path d="M12 3l8 3v5.5c0 4.6-3.4 8.4-8 9.5-4.6-1.1-8-4.9-8-9.5V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </Icon>,
  <Icon key="coins">
    <ellipse cx="9" cy="7" rx="6" ry="3" />
    <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7M3 12v5c0 1.7 2.7 3 6 3 1.2 0 2.3-.2 3.2-.5" />
    <circle cx="18" cy="17" r="3.5" />
    <path d="M18 15.5V17l1 1" />
  </Icon>,
];
