import { Toaster as ChakraToaster, createToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';

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

/** Mounted once at the root; screens call `toaster.create({ type, title, description })`. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
