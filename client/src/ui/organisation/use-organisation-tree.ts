import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { OrganisationTreeQuery } from './organisation.queries';
import { type OrganisationNode, toOrganisationNodes } from './organisation-tree';

/** The organisation tree, loaded once and shared through Apollo's cache. */
export function useOrganisationTree() {
  const { data, error, loading, refetch } = useQuery(OrganisationTreeQuery);
  const roots = useMemo<OrganisationNode[]>(
    () => (data ? toOrganisationNodes(data.organisationTree) : []),
    [data],
  );
  return { roots, error, loading, retry: () => void refetch() };
}
