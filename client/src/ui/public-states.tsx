import { useTranslation } from 'react-i18next';

// The public pages' loading and failure states, in plain HTML (ui/public-site.css): the public pages
// have neither Chakra nor Apollo in their first load. A public section only ever offers to try again.

/** Announced politely to screen readers, so a slow section is not silent. */
export function PublicLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="ps-status">
      <span className="ps-spinner" aria-hidden />
      <p>{t('common.loading')}</p>
    </div>
  );
}

/** A section that failed to load says so and offers a retry. */
export function PublicLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ps-error">
      <p>{t('common.loadError')}</p>
      <button type="button" className="ps-button ps-outline" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A grey block where content will come, the size of what usually comes. */
export function PublicSkeleton({ height, className = '' }: { height?: string; className?: string }) {
  return <div className={`ps-skeleton ${className}`} style={height ? { height } : undefined} aria-hidden />;
}
