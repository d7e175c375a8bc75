import { useId, type ReactNode } from 'react';

interface FormSectionProps {
  title: string;
  children: ReactNode;
}

/** One card of the profile form, named by its heading. */
export function FormSection({ title, children }: FormSectionProps) {
  const id = useId();
  return (
    <section className="card form-section" aria-labelledby={id}>
      <h2 className="form-section__title" id={id}>
        {title}
      </h2>
      <div className="form-section__body">{children}</div>
    </section>
  );
}
