import type { UseQueryResult } from '@tanstack/react-query';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';

/** Spinner while a list loads, the server's message and a retry button when it failed. */
export function LoadState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) return <Spinner label={de.common.loading} />;
  if (!query.isError) return null;
  return (
    <div className="load-error">
      <Notice tone="error">{errorMessage(query.error, de.admin.loadFailed)}</Notice>
      <button type="button" className="btn btn--secondary btn--small" onClick={() => void query.refetch()}>
        {de.common.retry}
      </button>
    </div>
  );
}
