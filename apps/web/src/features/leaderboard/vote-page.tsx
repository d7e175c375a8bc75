import { DEFAULT_CATEGORY, photoCategory, type PhotoCategory } from '@funkeln/contracts/leaderboard';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useViewportTop } from '../../lib/use-viewport-top';
import { useNextCandidate, useVote } from './api';
import { CategoryButtons } from './components/category-buttons';
import { useVoteRefusal } from './use-vote-refusal';
import './leaderboard.css';

/** The photo at most as tall as leaves its name and the two buttons on the screen (issue 56, wall 2). */
function VotePhoto({ url, alt }: { url: string; alt: string }) {
  const photo = useRef<HTMLImageElement>(null);
  useViewportTop(photo);
  return <img ref={photo} src={url} alt={alt} className="vote-card__photo" />;
}

/** 'Bewerten': one photo of a category at a time, with a vote and a skip. */
export function VotePage() {
  const [params, setParams] = useSearchParams();
  const category = photoCategory.catch(DEFAULT_CATEGORY).parse(params.get('category') ?? DEFAULT_CATEGORY);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const next = useNextCandidate(category, skipped);
  const vote = useVote();
  const refusal = useVoteRefusal();
  const candidate = next.data?.candidate;

  const choose = (c: PhotoCategory) => {
    setSkipped([]);
    setResult(null);
    setParams({ category: c });
  };
  const give = () => {
    if (!candidate) return;
    vote.mutate(
      { photoId: candidate.photoId, category },
      {
        onSuccess: ({ score }) => {
          setResult({ tone: 'success', text: de.vote.voted(score) });
          void next.refetch();
        },
        onError: (error) => setResult({ tone: 'error', text: errorMessage(error, de.vote.failed) }),
      },
    );
  };

  return (
    <section className="page vote-page" aria-labelledby="vote-title">
      <PageHeader className="leaderboard-page__header" titleId="vote-title" title={de.vote.title}>
        <Link className="btn btn--ghost" to={`/leaderboard?category=${category}`}>
          {de.vote.toLeaderboard}
        </Link>
      </PageHeader>
      <p className="muted">{de.vote.lead}</p>
      <CategoryButtons value={category} onChange={choose} />
      {refusal ? (
        <div id="vote-refusal" data-testid="vote-refusal">
          <Notice tone="info">{refusal.text}</Notice>
          {refusal.fix === 'profile' ? (
            <Link className="btn btn--secondary btn--small" to="/onboarding">
              {de.vote.createProfile}
            </Link>
          ) : null}
        </div>
      ) : null}
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      <QueryState query={next} failed={de.vote.loadFailed} isEmpty={(data) => !data.candidate} empty={<p>{de.vote.empty}</p>}>
        {() =>
          candidate ? (
            <figure className="vote-card" data-testid="vote-card">
              <VotePhoto url={candidate.url} alt={de.vote.photoAlt(candidate.name)} />
              <figcaption>
                <strong>{candidate.name}</strong>
                {candidate.age ? `, ${candidate.age}` : ''}
              </figcaption>
              <div className="vote-card__actions">
                <button type="button" className="btn btn--ghost" onClick={() => setSkipped((s) => [...s, candidate.photoId])}>
                  {de.vote.skip}
                </button>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={vote.isPending || refusal !== null}
                  aria-describedby={refusal ? 'vote-refusal' : undefined}
                  onClick={give}
                >
                  {de.vote.vote}
                </button>
              </div>
            </figure>
          ) : null
        }
      </QueryState>
    </section>
  );
}
