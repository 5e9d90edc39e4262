import { Link } from '@tanstack/react-router';
import { HandCoins, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function HomeHero() {
  const { t } = useTranslation();
  return (
    <div className="home-hero">
      <div className="ps-container">
        <div className="home-hero-body">
          <h1>{t('home.heroTitle')}</h1>
          <p>{t('home.heroText')}</p>
          <div className="home-hero-actions">
            <Link to="/donate-money-by-bank-transfer" className="ps-button ps-button-lg ps-solid">
              <HandCoins aria-hidden />
              {t('home.donateMoneyCta')}
            </Link>
            <Link to="/near-me" className="ps-button ps-button-lg ps-outline">
              <MapPin aria-hidden />
              {t('home.nearMeCta')}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
