import { useEffect } from 'react';

const SITE_NAME = 'น้ำใจ Namjai';

/** Every page gets its own document title (WCAG 2.4.2), which screen readers announce on navigation. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
