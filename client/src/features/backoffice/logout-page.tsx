import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../platform/session/use-logout';
import { usePageTitle } from '../../ui/page-title';
import { LoadingState } from '../../ui/query-state';

/** /backoffice/logout and /user/logout: logs out on arrival, then leaves (see useLogout). */
export function LogoutPage() {
  const { t } = useTranslation();
  usePageTitle(t('session.logout'));
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout();
  }, [logout]);
  return <LoadingState label={t('session.loggingOut')} />;
}
