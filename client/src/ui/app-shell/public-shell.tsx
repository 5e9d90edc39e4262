import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Header, main content and footer of every public page, including the not-found page. Plain HTML
 * and ui/public-site.css, not Chakra: the home page's first load has no Chakra at all, and the other
 * public pages draw their content with Chakra inside this frame.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="ps-shell">
      <a className="ps-skip" href={`#${MAIN_CONTENT_ID}`}>
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <main className="ps-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
