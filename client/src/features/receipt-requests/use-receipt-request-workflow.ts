import { useQuery } from '@apollo/client/react';
import type { ReceiptRequestWorkflowQuery as WorkflowResult } from '../../gql/graphql';
import { ReceiptRequestWorkflowQuery } from './receipt-requests.operations';

export type ReceiptRequestWorkflow = WorkflowResult['receiptRequestWorkflow'];
export type ReceiptRequestTransition = ReceiptRequestWorkflow['transitions'][number];

/** The receipt-request workflow's statuses and actions with their labels (fetched once, then cached). */
export function useReceiptRequestWorkflow(): ReceiptRequestWorkflow | undefined {
  return useQuery(ReceiptRequestWorkflowQuery, { fetchPolicy: 'cache-first' }).data?.receiptRequestWorkflow;
}

/** A status's badge colour: waiting grey, being worked blue, issued green, rejected red. */
export function receiptRequestTone(status: string): 'gray' | 'blue' | 'green' | 'red' {
  if (status === 'IN_PROGRESS') return 'blue';
  if (status === 'ISSUED') return 'green';
  if (status === 'REJECTED') return 'red';
  return 'gray';
}
