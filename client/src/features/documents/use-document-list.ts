import { useQuery } from '@apollo/client/react';
import { LIST_ROWS_DEFAULT } from '@namjai/common/paging';
import type { DocumentTypeName } from '../../gql/graphql';
import type { PageMove } from '../../ui/data-table/data-table.types';
import { keyPageVariables, useListState } from '../../ui/data-table/use-list-state';
import { EMPTY_REFERENCE_SEARCH, type ReferenceSearchValues } from '../reference';
import { DocumentsQuery } from './documents.operations';

export const DOCUMENT_PAGE_ROWS = LIST_ROWS_DEFAULT;

/**
 * Search (number and remark), status filter, page and sort of one type's documents, and the query
 * they drive. In the approval queue only documents waiting for an approval the person may give; with
 * a level, only those waiting at that approval level.
 */
export function useDocumentList(type: DocumentTypeName, queue: boolean, level: number | null = null) {
  const list = useListState<ReferenceSearchValues>(EMPTY_REFERENCE_SEARCH);
  const { values, keyPage, sort } = list;
  const query = useQuery(DocumentsQuery, {
    variables: {
      type,
      search: values.search.trim() || null,
      status: values.statusCode || null,
      queue: queue || null,
      level,
      sort: sort?.sort ?? null,
      direction: sort?.direction ?? null,
      // By key: the last page costs what the first does (docs/document-kit.md "Paging by key").
      ...keyPageVariables(keyPage, DOCUMENT_PAGE_ROWS),
    },
    fetchPolicy: 'cache-and-network',
  });
  return {
    ...list,
    items: query.data?.documents.items ?? [],
    total: query.data?.documents.total ?? 0,
    /** Moves to the first, previous, next or last page by the shown page's cursors. */
    moveTo: (to: PageMove) =>
      list.move(
        to,
        {
          startCursor: query.data?.documents.startCursor,
          endCursor: query.data?.documents.endCursor,
          total: query.data?.documents.total ?? 0,
        },
        DOCUMENT_PAGE_ROWS,
      ),
    loading: query.loading,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type DocumentListState = ReturnType<typeof useDocumentList>;
export type DocumentRow = DocumentListState['items'][number];
