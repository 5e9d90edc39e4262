import { Link } from '@tanstack/react-router';
import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The logo: the Thai name first, the Latin name beside it. Plain HTML (ui/public-site.css). */
export function BrandLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="ps-brand" aria-label={t('app.homeLinkLabel')}>
      <HeartHandshake aria-hidden />
      <span className="ps-brand-name">
        น้ำใจ <span className="ps-brand-latin">Namjai</span>
      </span>
    </Link>
  );
}
