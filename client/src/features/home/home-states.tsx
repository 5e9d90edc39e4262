import { useTranslation } from 'react-i18next';

// The home sections' loading and failure states, in plain HTML (ui/public-site.css): the home page
// has neither Chakra nor Apollo in its first load. A public section only ever offers to try again.

/** Announced politely to screen readers, so a slow section is not silent. */
export function HomeLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="home-status">
      <span className="home-spinner" aria-hidden />
      <p>{t('common.loading')}</p>
    </div>
  );
}

/** A section that failed to load says so and offers a retry. */
export function HomeLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="home-error">
      <p>{t('common.loadError')}</p>
      <button type="button" className="ps-button ps-outline" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A grey block where content will come, the size of what usually comes. */
export function HomeSkeleton({ height, className = '' }: { height?: string; className?: string }) {
  return <div className={`home-skeleton ${className}`} style={height ? { height } : undefined} aria-hidden />;
}
