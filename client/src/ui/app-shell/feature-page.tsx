import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { currentLanguage } from '../../platform/i18n';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { usePageTitle } from '../page-title';

/** The menu entry's name, in the interface language. */
export function entryName(entry: Pick<CatalogueEntry, 'nameTh' | 'nameEn'>): string {
  return currentLanguage() === 'en' ? entry.nameEn : entry.nameTh;
}

export interface FeaturePageProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** Heading and body of a back-office screen; the title is also the document title. */
export function FeaturePage({ title, intro, children }: FeaturePageProps) {
  usePageTitle(title);
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        {intro && <Text color="fg.muted">{intro}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
