import type { ReactNode } from 'react';
import '../auth.css';

interface AuthShellProps {
  title: string;
  lead?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every sign-in, sign-up and token page sits in. */
export function AuthShell({ title, lead, children, footer }: AuthShellProps) {
  return (
    <section className="auth">
      <div className="auth__glow" aria-hidden="true" />
      <div className="card auth__card">
        <div className="auth__mark" aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false">
            <path d="M12 21s-7.5-4.4-7.5-10.2A4.3 4.3 0 0 1 12 8a4.3 4.3 0 0 1 7.5 2.8C19.5 16.6 12 21 12 21z" />
          </svg>
        </div>
        <h1 id="auth-title" className="auth__title">
          {title}
        </h1>
        {lead ? <p className="auth__lead">{lead}</p> : null}
        {children}
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </div>
    </section>
  );
}
