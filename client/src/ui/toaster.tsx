import { createToaster } from '@chakra-ui/react';

/** Toast life from the specification (sec. 9); sticky toasts pass `duration: Infinity`. */
export const TOAST_DURATION_MS = 3000;

/** Toast transition (sec. 9); the CSS side is in platform/theme.ts. */
export const TOAST_TRANSITION_MS = 300;

export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  // Kept in the DOM for the exit transition before it is removed.
  removeDelay: TOAST_TRANSITION_MS,
  pauseOnPageIdle: true,
});
