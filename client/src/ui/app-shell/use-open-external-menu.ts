import { useApolloClient } from '@apollo/client/react';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { externalMenuUrl, resolveEnvironmentProfile } from '../../platform/session/environment-profile';
import { ExternalSiteTokenMutation } from '../../platform/session/session.operations';
import { toaster } from '../toaster';

/**
 * Opens a report or catering-booking entry on the external food/report site with a one-time token
 * (specification sec. 2). The tab is opened before the token arrives and pointed at the site after,
 * because browsers block a window.open that does not come straight from the click.
 */
export function useOpenExternalMenu(): (menuCode: MenuCode) => Promise<void> {
  const client = useApolloClient();
  const { t } = useTranslation();
  return useCallback(
    async (menuCode: MenuCode) => {
      const tab = window.open('about:blank', '_blank');
      try {
        const { data } = await client.mutate({
          mutation: ExternalSiteTokenMutation,
          variables: { menuCode },
          fetchPolicy: 'no-cache',
        });
        if (!data) throw new Error('externalSiteToken returned no data');
        const url = externalMenuUrl(resolveEnvironmentProfile(), menuCode, data.externalSiteToken);
        if (tab) {
          // The external site must not be able to script this page through window.opener.
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
      } catch {
        tab?.close();
        toaster.create({ type: 'error', title: t('backoffice.external.failed') });
      }
    },
    [client, t],
  );
}
