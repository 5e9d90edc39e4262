import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';
import { getSystem } from './theme';

/**
 * Theme and translations around the whole app. Apollo's provider is left to the caller: the app
 * passes its real client and tests use MockedProvider.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={getSystem()}>{children}</ChakraProvider>
    </I18nextProvider>
  );
}
