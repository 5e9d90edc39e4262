import { useQuery } from '@apollo/client/react';
import type { UserRequestWorkflowsQuery } from '../../gql/graphql';
import { UserRequestWorkflowsQuery as WorkflowsQuery } from './users.operations';

/** The workflows of the requests that are not documents (server: users/user-requests.workflow.ts). */
export type RequestWorkflowName = 'USER_REGISTRATION' | 'USER_TRANSFER';
export type RequestWorkflow = UserRequestWorkflowsQuery['userRequestWorkflows'][number];
export type RequestTransition = RequestWorkflow['transitions'][number];

/** A request workflow's statuses and actions with their labels (fetched once, then from the cache). */
export function useRequestWorkflow(name: RequestWorkflowName): RequestWorkflow | undefined {
  const { data } = useQuery(WorkflowsQuery, { fetchPolicy: 'cache-first' });
  return data?.userRequestWorkflows.find((workflow) => workflow.name === name);
}

/**
 * The actions a screen offers: those the server allows this person now (allowedActions) that are
 * declared with the screen's menu code, as the document kit does, so the approval screen approves
 * and rejects while a requester withdraws from their own profile screen.
 */
export function offeredTransitions(
  workflow: RequestWorkflow | undefined,
  allowedActions: readonly string[],
  menuCode: string,
): RequestTransition[] {
  if (!workflow) return [];
  return allowedActions.flatMap(
    (action) =>
      workflow.transitions.find(
        (transition) => transition.action === action && transition.menuCodes.includes(menuCode),
      ) ?? [],
  );
}

/** Decisions against the request (reject, cancel) are drawn as the outlined red buttons. */
export const isNegative = (transition: RequestTransition) => /REJECT|CANCEL/.test(transition.action);
