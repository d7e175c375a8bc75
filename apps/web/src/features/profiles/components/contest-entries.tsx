import { ContestEntries as ContestChoice } from '../../../components/ui/contest-entries';
import { de } from '../../../i18n/de';
import { useGallery } from '../api';

/** On the own profile: the Top10 opt-in, with a choice of photo among the approved ones. */
export function ContestEntries() {
  const approved = (useGallery().data?.photos ?? []).filter((p) => p.status === 'approved');
  return (
    <section className="profile-section" aria-labelledby="contest-title">
      <h2 className="profile-section__title" id="contest-title">
        {de.contest.title}
      </h2>
      <p className="muted small">{de.contest.hint}</p>
      <ContestChoice approved={approved} />
    </section>
  );
}
