import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { getSystem } from './theme';

/** Builds the app's Chakra system (platform/theme.ts), the costliest step of Chakra's start. */
export function buildSystem(): void {
  getSystem();
}

/** What chakra-zone.tsx loads: Chakra's provider with the app's system (built on first render). */
export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={getSystem()}>{children}</ChakraProvider>;
}
