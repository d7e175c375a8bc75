import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { de } from '../../i18n/de';
import { errorMessage } from '../../lib/api-error';
import { Notice } from './notice';
import { Spinner } from './spinner';

interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;
  /** The German fallback when the load failed without a message of the server. */
  failed: string;
  /** Whether loaded data counts as nothing to show; `empty` stands in for the content then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** The content once the data is there (also while a refetch of it failed). */
  children?: (data: T) => ReactNode;
}

/** The states of a loaded resource: spinner, the server's message with 'Erneut versuchen', empty, content. */
export function QueryState<T>({ query, failed, isEmpty, empty, children }: QueryStateProps<T>) {
  const { data } = query;
  return (
    <>
      {query.isPending ? <Spinner label={de.common.loading} /> : null}
      {query.isError ? (
        <div className="load-error">
          <Notice tone="error">{errorMessage(query.error, failed)}</Notice>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void query.refetch()}>
            {de.common.retry}
          </button>
        </div>
      ) : null}
      {data === undefined ? null : isEmpty?.(data) ? empty : children?.(data)}
    </>
  );
}
