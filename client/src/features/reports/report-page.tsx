import { Button, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ExternalLink, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { useOpenExternalMenu } from '../../ui/app-shell/use-open-external-menu';
import { ReportView } from './report-view';

/**
 * /backoffice/reports/{key}: a report inside the product. The same entry still opens the external
 * report site (specification sec. 2), offered here too.
 */
export function ReportPage({ entry }: { entry: CatalogueEntry }) {
  const { t } = useTranslation();
  const open = useOpenExternalMenu();
  return (
    <FeaturePage title={entryName(entry)}>
      <HStack gap="3" wrap="wrap">
        <Button asChild variant="outline" size="sm">
          <Link to="/backoffice/reports">
            <List aria-hidden />
            {t('reports.all')}
          </Link>
        </Button>
        {entry.external && (
          <Button variant="outline" size="sm" onClick={() => void open(entry.code)}>
            <ExternalLink aria-hidden />
            {t('backoffice.external.open')}
          </Button>
        )}
      </HStack>
      <ReportView reportKey={entry.key} />
    </FeaturePage>
  );
}

/** The division and province information screens (MN-146, MN-147): the report of the same key. */
export function InfoReportScreen({ entry }: FeatureScreenProps) {
  return (
    <FeaturePage title={entryName(entry)}>
      <ReportView reportKey={entry.key} />
    </FeaturePage>
  );
}
