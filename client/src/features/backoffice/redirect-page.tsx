import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { LoadingState } from '../../ui/query-state';

/**
 * /backoffice/redirect?to=/backoffice/…: where the external site sends people back. Logged in, they
 * continue to `to` (back-office paths only, so the page cannot be used as an open redirect);
 * otherwise to the login.
 */
export function RedirectPage({ to }: { to: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useSessionSnapshot().session?.kind === 'staff';
  useEffect(() => {
    const target = staff ? safeBackofficePath(to) : '/backoffice/login';
    void navigate({ to: target, replace: true });
  }, [staff, to, navigate]);
  return <LoadingState label={t('common.loading')} />;
}

export function safeBackofficePath(to: string | undefined): string {
  return to && /^\/backoffice(\/[A-Za-z0-9-]+){0,2}$/.test(to) ? to : '/backoffice';
}
