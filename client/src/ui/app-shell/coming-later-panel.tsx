import { Badge, Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { entryName, FeaturePage } from './feature-page';

/**
 * A back-office screen that exists in the menu and passes the permission check but is built by a
 * later issue: the address, title and guard are final, the content says honestly that it is coming.
 */
export function ComingLaterPanel({ entry, txnId }: { entry: CatalogueEntry; txnId?: string }) {
  const { t } = useTranslation();
  return (
    <FeaturePage title={entryName(entry)}>
      <Box
        borderWidth="1px"
        borderColor="brand.emphasized"
        bg="brand.subtle"
        rounded="lg"
        p={{ base: '4', md: '6' }}
      >
        <Badge colorPalette="brand" mb="2">
          {entry.code}
        </Badge>
        <Heading as="h2" size="lg" mb="2">
          {t('backoffice.comingLater.title')}
        </Heading>
        <Text>{t('backoffice.comingLater.text')}</Text>
        {txnId && (
          <Text mt="2" color="fg.muted">
            {t('backoffice.comingLater.txn', { txnId })}
          </Text>
        )}
      </Box>
    </FeaturePage>
  );
}
