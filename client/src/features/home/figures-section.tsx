import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatQuantity } from '../../platform/money';
import { usePublicQuery } from '../../platform/public-query';
import { PublicLoadError, PublicLoading } from '../../ui/public-states';
import { HomeFiguresQuery } from './home.queries';

interface Figure {
  key: 'moneyReceived' | 'goodsValueReceived' | 'itemsGivenOut' | 'donationPoints';
  /** Null while loading: the card is drawn with a placeholder, so nothing moves when the figure arrives. */
  value: string | null;
  /** The number the unit agrees with (English: 1 place, 2 places). */
  count: number;
  unit: 'baht' | 'units' | 'places';
  to: LinkProps['to'];
}

/** The fiscal year's figures from the ledgers, each a way into the page that lets a visitor add to it. */
export function FiguresSection() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = usePublicQuery(HomeFiguresQuery);
  const figures = data?.publicFigures;
  const list: Figure[] = [
    {
      key: 'moneyReceived',
      value: figures ? formatDecimal(figures.moneyReceived, 0) : null,
      count: Number(figures?.moneyReceived ?? 0),
      unit: 'baht',
      to: '/donate-money-by-bank-transfer',
    },
    {
      key: 'goodsValueReceived',
      value: figures ? formatDecimal(figures.goodsValueReceived, 0) : null,
      count: Number(figures?.goodsValueReceived ?? 0),
      unit: 'baht',
      // Goods donated: a donor of goods asks for their receipt here.
      to: '/reqs-receipt-donation-resource',
    },
    {
      key: 'itemsGivenOut',
      value: figures ? formatQuantity(figures.itemsGivenOut) : null,
      count: Number(figures?.itemsGivenOut ?? 0),
      unit: 'units',
      // Goods given out go where storages run short: the short-supply list shows where, by province.
      to: '/short-supply',
    },
    {
      key: 'donationPoints',
      value: figures ? String(figures.donationPoints) : null,
      count: figures?.donationPoints ?? 0,
      unit: 'places',
      to: '/near-me',
    },
  ];

  return (
    <section className="home-section" aria-labelledby="figures-title">
      <div>
        <h2 id="figures-title">
          {figures ? t('home.figuresTitle', { year: figures.fiscalYear }) : t('home.figuresTitleCurrent')}
        </h2>
        <p className="home-muted">{t('home.figuresIntro')}</p>
      </div>
      {loading && !data && (
        <div className="ps-sr-only">
          <PublicLoading />
        </div>
      )}
      {error && !data ? (
        <PublicLoadError onRetry={refetch} />
      ) : (
        <ul className="home-grid home-grid-4">
          {list.map((figure) => (
            <li key={figure.key} className="home-card">
              <p>{t(`home.${figure.key}`)}</p>
              <p className="home-figure">
                {figure.value === null ? <span className="ps-skeleton" /> : figure.value}{' '}
                <small>{t(`home.${figure.unit}`, { count: figure.count })}</small>
              </p>
              <Link to={figure.to} className="ps-link">
                {t(`home.${figure.key}Link`)}
                <ArrowRight size={16} aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
