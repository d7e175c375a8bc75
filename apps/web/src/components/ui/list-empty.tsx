import type { ReactNode } from 'react';
import '../../styles/member-list.css';

interface ListEmptyProps {
  text: string;
  testId: string;
  children?: ReactNode;
}

/** A friendly empty list: heart badge, one sentence and an optional way onwards. */
export function ListEmpty({ text, testId, children }: ListEmptyProps) {
  return (
    <div className="card list-empty" data-testid={testId}>
      <span className="list-empty__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M12 20s-7-4.1-7-9.5A4 4 0 0 1 12 8a4 4 0 0 1 7 2.5C19 15.9 12 20 12 20z" />
        </svg>
      </span>
      <p className="list-empty__text">{text}</p>
      {children}
    </div>
  );
}
