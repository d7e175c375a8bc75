import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The h1's id, for the page section's aria-labelledby. */
  titleId: string;
  title: string;
  /** The lead sentence under the title. */
  lead?: string;
  /** Beside the title: the discover tabs, a link onwards. */
  children?: ReactNode;
  /** The header's layout class ('page-header' by default). */
  className?: string;
}

/** A page's heading: its h1, an optional lead and what sits beside the title. */
export function PageHeader({ titleId, title, lead, children, className = 'page-header' }: PageHeaderProps) {
  return (
    <header className={className}>
      <h1 id={titleId}>{title}</h1>
      {lead ? <p className="page-header__lead muted">{lead}</p> : null}
      {children}
    </header>
  );
}
