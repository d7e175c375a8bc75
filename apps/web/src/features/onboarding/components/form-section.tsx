import { useId, type ReactNode } from 'react';

interface FormSectionProps {
  title: string;
  /** Its id, for links to this step (/onboarding#eckdaten from Entdecken). */
  anchor?: string;
  children: ReactNode;
}

/** One card of the profile form, named by its heading. */
export function FormSection({ title, anchor, children }: FormSectionProps) {
  const id = useId();
  return (
    <section className="card form-section" id={anchor} aria-labelledby={id}>
      <h2 className="form-section__title" id={id}>
        {title}
      </h2>
      <div className="form-section__body">{children}</div>
    </section>
  );
}
