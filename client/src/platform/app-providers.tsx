import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';
import { getSystem } from './theme';

/**
 * Theme and translations around a component in the tests (testing/render-route.tsx). The app itself
 * starts with the translations only and loads Chakra's provider before any page but the home page
 * renders (platform/chakra-zone.tsx, routes/__root.tsx). Apollo's provider is left to the caller.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={getSystem()}>{children}</ChakraProvider>
    </I18nextProvider>
  );
}
