import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { PUBLIC_NAV_ITEMS } from './public-nav-items';
import { SiteAccountActions, SiteAccountMenuItems, useSiteAccount } from './site-account';

const NAV_ID = 'public-navigation';

/** The public header: plain HTML and ui/public-site.css (no Chakra on the home page's first load). */
export function SiteHeader() {
  const { t } = useTranslation();
  const account = useSiteAccount();
  // Below lg the navigation folds behind a menu button so the phone layout starts with content.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="ps-header">
      <div className="ps-container">
        <div className="ps-row">
          <BrandLink />
          <div className="ps-actions">
            <LanguageSwitch />
            <SiteAccountActions account={account} />
            <button
              type="button"
              className="ps-button ps-ghost ps-icon-button ps-below-lg"
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={menuOpen}
              aria-controls={NAV_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
            </button>
          </div>
        </div>
        <nav className="ps-nav" id={NAV_ID} aria-label={t('nav.label')} data-open={menuOpen ? '' : undefined}>
          <ul>
            {PUBLIC_NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} onClick={closeMenu} activeOptions={{ exact: item.to === '/' }}>
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
            <SiteAccountMenuItems account={account} onNavigate={closeMenu} />
          </ul>
        </nav>
      </div>
    </header>
  );
}
