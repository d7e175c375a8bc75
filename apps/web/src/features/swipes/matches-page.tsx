import type { MatchItem } from '@funkeln/contracts/swipes';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DiscoverTabs } from '../../components/ui/discover-tabs';
import { ListEmpty } from '../../components/ui/list-empty';
import { PageHeader } from '../../components/ui/page-header';
import { QueryState } from '../../components/ui/query-state';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { useMarkSeen } from '../../lib/new-counts';
import { unblock, useMatchAction, useMatches, type MatchAction } from './api';
import { MatchCard } from './components/match-card';
import { MatchResult, type Result } from './components/match-result';
import '../../styles/discover.css';
import '../../styles/member-list.css';

interface Question {
  action: MatchAction;
  match: MatchItem;
}

export function MatchesPage() {
  const matches = useMatches();
  useMarkSeen('matches');
  const mutation = useMatchAction();
  const [question, setQuestion] = useState<Question | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const report = (next: Result) => {
    setResult(next);
    resultRef.current?.focus();
  };

  const confirm = () => {
    if (!question) return;
    const { action, match } = question;
    setQuestion(null);
    mutation.mutate(question, {
      onSuccess: () =>
        report(
          action === 'block'
            ? { tone: 'success', text: de.matches.blocked(match.name), blocked: match }
            : { tone: 'success', text: de.matches.unmatched(match.name) },
        ),
      onError: (error) => report({ tone: 'error', text: errorMessage(error, de.matches.failed) }),
    });
  };

  const undoBlock = (match: MatchItem) => {
    unblock(match.userId).then(
      () => report({ tone: 'success', text: de.matches.unblocked(match.name) }),
      (error: unknown) => report({ tone: 'error', text: errorMessage(error, de.matches.failed) }),
    );
  };

  return (
    <section className="page discover member-page" aria-labelledby="matches-title">
      <PageHeader className="discover__header" titleId="matches-title" title={de.matches.title}>
        <DiscoverTabs />
      </PageHeader>
      <p className="member-page__lead muted">{de.matches.lead}</p>
      <MatchResult ref={resultRef} result={result} onUnblock={undoBlock} />
      <QueryState
        query={matches}
        failed={de.matches.loadFailed}
        isEmpty={(list) => list.length === 0}
        empty={
          <ListEmpty text={de.matches.empty} testId="matches-empty">
            <Link className="btn btn--primary" to="/discover">
              {de.matches.toDiscover}
            </Link>
          </ListEmpty>
        }
      >
        {(list) => (
          <ul className="member-list" data-testid="match-list">
            {list.map((match) => (
              <MatchCard key={match.userId} match={match} onAction={(action, item) => setQuestion({ action, match: item })} />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={question !== null}
        title={question ? (question.action === 'block' ? de.matches.confirmBlockTitle : de.matches.confirmUnmatchTitle)(question.match.name) : ''}
        text={question?.action === 'block' ? de.matches.confirmBlockText : de.matches.confirmUnmatchText}
        confirmLabel={question?.action === 'block' ? de.matches.block : de.matches.unmatch}
        onConfirm={confirm}
        onCancel={() => setQuestion(null)}
      />
    </section>
  );
}
