import { useQuery } from '@apollo/client/react';
import { ReferenceTypesQuery } from './reference.operations';
import type { ReferenceDescriptor } from './reference-rules';

const NO_TYPES: readonly ReferenceDescriptor[] = [];

/**
 * The reference types' descriptors. They change only with a deployment, so the first answer is kept
 * in Apollo's cache for every later screen.
 */
export function useReferenceTypes() {
  const query = useQuery(ReferenceTypesQuery, { fetchPolicy: 'cache-first' });
  return {
    descriptors: query.data?.referenceTypes ?? NO_TYPES,
    loading: query.loading && !query.data,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
