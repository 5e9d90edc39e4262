import { Box, Button, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { entryName, FeaturePage } from './feature-page';
import { useOpenExternalMenu } from './use-open-external-menu';

/** A report entry reached by address: the report itself lives on the external site. */
export function ExternalMenuPanel({ entry }: { entry: CatalogueEntry }) {
  const { t } = useTranslation();
  const open = useOpenExternalMenu();
  return (
    <FeaturePage title={entryName(entry)} intro={t('backoffice.external.intro')}>
      <Box>
        <Button colorPalette="brand" onClick={() => void open(entry.code)}>
          <ExternalLink aria-hidden />
          {t('backoffice.external.open')}
        </Button>
        <Text mt="2" fontSize="sm" color="fg.muted">
          {t('backoffice.external.newTab')}
        </Text>
      </Box>
    </FeaturePage>
  );
}
