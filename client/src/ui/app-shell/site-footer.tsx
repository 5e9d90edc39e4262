import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { bangkokYearBE } from '../../platform/bangkok-calendar';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="ps-footer">
      <div className="ps-container">
        <div className="ps-footer-row">
          <div>
            <p className="ps-footer-name">{t('app.ministry')}</p>
            <p className="ps-footer-muted">{t('app.tagline')}</p>
          </div>
          <nav aria-label={t('footer.label')}>
            <ul>
              <li>
                <Link to="/pdpa">{t('footer.pdpa')}</Link>
              </li>
              <li>
                <Link to="/about">{t('footer.about')}</Link>
              </li>
              <li>
                <Link to="/backoffice/login">{t('footer.staff')}</Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="ps-copyright ps-footer-muted">{t('footer.copyright', { year: bangkokYearBE() })}</p>
      </div>
    </footer>
  );
}
