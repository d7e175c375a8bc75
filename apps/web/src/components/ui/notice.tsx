import type { ReactNode } from 'react';

interface NoticeProps {
  tone: 'success' | 'error' | 'info' | 'warning';
  children: ReactNode;
  testId?: string;
}

/** An async status message: errors interrupt (alert), everything else is announced politely. */
export function Notice({ tone, children, testId }: NoticeProps) {
  return (
    <p className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </p>
  );
}
