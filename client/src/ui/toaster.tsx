import { createToaster } from '@chakra-ui/react';

/** Toast life from the specification (sec. 9); sticky toasts pass `duration: Infinity`. */
export const TOAST_DURATION_MS = 3000;

/** Toast transition (sec. 9); the CSS side is in platform/theme.ts. */
export const TOAST_TRANSITION_MS = 300;

/**
 * Bottom start: at the top they covered the top bar's user area (the user's name and menu), which
 * the sticky 401 toast must leave readable; at the bottom end a "saved" toast lay over a dialog's
 * footer buttons (its close button), and a pointer resting there paused it, so it stayed. Dialog
 * footers put their buttons at the end. Below md the view spans the width (ui/toaster-view.tsx).
 */
export const TOAST_PLACEMENT = 'bottom-start' as const;

export const toaster = createToaster({
  placement: TOAST_PLACEMENT,
  duration: TOAST_DURATION_MS,
  // Kept in the DOM for the exit transition before it is removed.
  removeDelay: TOAST_TRANSITION_MS,
  pauseOnPageIdle: true,
});
