import { type ComponentType, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

// Chakra UI (its components' runtime, emotion and the system built from the theme: about 50 KiB
// gzipped and the costliest step of the start-up on a phone) is not in the home page's first load:
// the public shell and the home page are plain HTML (ui/public-site.css), as are near me and the
// short-supply list (platform/plain-pages.ts). Chakra loads before any other page renders (the root
// route's beforeLoad), and from then on the whole app is inside its provider (routes/__root.tsx).

type ChakraRootComponent = ComponentType<{ children: ReactNode }>;

let loaded: ChakraRootComponent | null = null;
let pending: Promise<ChakraRootComponent> | null = null;
const listeners = new Set<() => void>();

/** Loads Chakra and builds the app's system once; later calls return the same promise. */
export function loadChakra(): Promise<ChakraRootComponent> {
  pending ??= import('./chakra-root').then(async ({ ChakraRoot, buildSystem }) => {
    // Building the system is a task of its own, so the page keeps answering taps meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 0));
    buildSystem();
    loaded = ChakraRoot;
    for (const listener of listeners) listener();
    return ChakraRoot;
  });
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => loaded;

/** Chakra's provider once loaded (re-rendering when it arrives), else null. */
export function useChakraRoot(): ChakraRootComponent | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const LazyChakraRoot = lazy(() => loadChakra().then((ChakraRoot) => ({ default: ChakraRoot })));

/**
 * For Chakra content that may show on a page without it (the not-found and error pages, the session's
 * dialogs): loads Chakra first, showing nothing meanwhile. A second provider inside the app's is
 * harmless (the same system).
 */
export function RequireChakra({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <LazyChakraRoot>{children}</LazyChakraRoot>
    </Suspense>
  );
}
