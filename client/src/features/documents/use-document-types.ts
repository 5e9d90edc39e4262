import { useQuery } from '@apollo/client/react';
import type { DocumentDescriptor } from './document-rules';
import { DocumentTypesQuery } from './documents.operations';

const NO_TYPES: readonly DocumentDescriptor[] = [];

/**
 * The document types' descriptors. They change only with a deployment, so the first answer is kept
 * in Apollo's cache for every later screen.
 */
export function useDocumentTypes() {
  const query = useQuery(DocumentTypesQuery, { fetchPolicy: 'cache-first' });
  return {
    descriptors: query.data?.documentTypes ?? NO_TYPES,
    loading: query.loading && !query.data,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
