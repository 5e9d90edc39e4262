import { ApolloLink } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { tap } from 'rxjs';

// What the person changed: each GraphQL mutation that completes tells the listeners (the top bar's
// pending-work badge refetches its count). A link, so every mutation of every screen is heard
// without the screens knowing who listens.

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls the listener after each completed mutation; returns the unsubscribe. */
export function onMutationDone(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const mutationEventsLink = new ApolloLink((operation, forward) => {
  const result = forward(operation);
  if (operation.operationType !== OperationTypeNode.MUTATION) return result;
  return result.pipe(
    tap({
      complete: () => {
        for (const listener of listeners) listener();
      },
    }),
  );
});
