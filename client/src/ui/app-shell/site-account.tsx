import { Link } from '@tanstack/react-router';
import { CircleUser } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { fullName } from './backoffice-user';

/** Who is logged in, as the public header shows them, and where their links lead. */
export interface SiteAccount {
  name: string;
  /** A donor's donation history, or a member of staff's back office. */
  home: { to: '/user/donation-history' | '/backoffice'; labelKey: 'nav.donationHistory' | 'nav.backoffice' };
  logoutTo: '/user/logout' | '/backoffice/logout';
}

/** The logged-in person, or null; a session that is ending (its modal is open) counts as gone. */
export function useSiteAccount(): SiteAccount | null {
  const { session, ending } = useSessionSnapshot();
  if (!session || ending) return null;
  return session.kind === 'donor'
    ? {
        name: fullName(session.user),
        home: { to: '/user/donation-history', labelKey: 'nav.donationHistory' },
        logoutTo: '/user/logout',
      }
    : {
        name: fullName(session.user),
        home: { to: '/backoffice', labelKey: 'nav.backoffice' },
        logoutTo: '/backoffice/logout',
      };
}

/**
 * The header's account corner: "sign up" and "log in" for visitors; for a logged-in person their
 * name, and from lg their history and logout (below lg those are in the folding menu, see
 * SiteAccountMenuItems), so the phone header keeps to one line.
 */
export function SiteAccountActions({ account }: { account: SiteAccount | null }) {
  const { t } = useTranslation();
  if (!account) {
    return (
      <>
        <Link to="/signup" className="ps-button ps-outline ps-from-md">
          {t('nav.signup')}
        </Link>
        <Link to="/login" className="ps-button ps-solid">
          {t('nav.login')}
        </Link>
      </>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of the account's name and links, not a form's fieldset
    <div className="ps-account" role="group" aria-label={t('nav.account')}>
      <div className="ps-account-name" title={t('nav.loggedInAs', { name: account.name })}>
        <CircleUser size="20" aria-hidden />
        <span>{account.name}</span>
      </div>
      <Link to={account.home.to} className="ps-button ps-ghost ps-from-lg">
        {t(account.home.labelKey)}
      </Link>
      <Link to={account.logoutTo} className="ps-button ps-outline ps-from-lg">
        {t('session.logout')}
      </Link>
    </div>
  );
}

/** The account links inside the folding menu below lg (sign-up below md, where the header has none). */
export function SiteAccountMenuItems({
  account,
  onNavigate,
}: {
  account: SiteAccount | null;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const item = (to: string, label: string, below: 'ps-below-md' | 'ps-below-lg') => (
    <li key={to} className={below}>
      <Link to={to} onClick={onNavigate} className="ps-nav-account">
        {label}
      </Link>
    </li>
  );
  if (!account) return item('/signup', t('nav.signup'), 'ps-below-md');
  return (
    <>
      {item(account.home.to, t(account.home.labelKey), 'ps-below-lg')}
      {item(account.logoutTo, t('session.logout'), 'ps-below-lg')}
    </>
  );
}
