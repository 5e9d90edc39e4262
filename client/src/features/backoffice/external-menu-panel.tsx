import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ExternalLink, Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import { useOpenExternalMenu } from '../../ui/app-shell/use-open-external-menu';
import { IN_PRODUCT_REPORT_KEYS } from '../reports';

/** A report entry reached by address: the report itself lives on the external site. */
export function ExternalMenuPanel({ entry }: { entry: CatalogueEntry }) {
  const { t } = useTranslation();
  const open = useOpenExternalMenu();
  return (
    <FeaturePage title={entryName(entry)} intro={t('backoffice.external.intro')}>
      <Box>
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="brand" onClick={() => void open(entry.code)}>
            <ExternalLink aria-hidden />
            {t('backoffice.external.open')}
          </Button>
          {IN_PRODUCT_REPORT_KEYS.has(entry.key) && (
            <Button asChild variant="outline">
              <Link to="/backoffice/reports/$key" params={{ key: entry.key }}>
                <Table2 aria-hidden />
                {t('reports.openInProduct')}
              </Link>
            </Button>
          )}
        </HStack>
        <Text mt="2" fontSize="sm" color="fg.muted">
          {t('backoffice.external.newTab')}
        </Text>
      </Box>
    </FeaturePage>
  );
}
