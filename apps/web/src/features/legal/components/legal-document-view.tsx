import { Notice } from '../../../components/ui/notice';
import { type LegalDocument, sampleNotice } from '../../../i18n/de-legal';

interface LegalDocumentViewProps {
  document: LegalDocument;
  /** The operator's details are a sample (outside production, not configured): say so above everything. */
  sample: boolean;
  /** A marked draft (the AGB outside production): said above everything, like the sample. */
  draft?: string | undefined;
}

export function LegalDocumentView({ document, sample, draft }: LegalDocumentViewProps) {
  return (
    <article className="page page--narrow legal" aria-labelledby="legal-title">
      <header className="legal__header">
        <h1 id="legal-title">{document.title}</h1>
        <p className="legal__intro">{document.intro}</p>
        <p className="legal__updated muted">{document.updated}</p>
        {sample ? (
          <Notice tone="warning" testId="legal-sample">
            {sampleNotice}
          </Notice>
        ) : null}
        {draft ? (
          <Notice tone="warning" testId="legal-draft">
            {draft}
          </Notice>
        ) : null}
      </header>
      {document.sections.map((section) => (
        <section key={section.heading} id={section.id} className="legal__section card">
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
