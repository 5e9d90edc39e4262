import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../platform/i18n';

/**
 * One button that offers the other language, labelled in that language so its readers find it. Its
 * name starts with the words it shows ("English", "EN" on phones), then says what it does, so
 * speech control finds it by what is on screen (WCAG 2.5.3, label in name). Plain HTML and
 * ui/public-site.css: the public header and the back office's top bar both carry it.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const target = currentLanguage() === 'th' ? 'en' : 'th';
  return (
    <button
      type="button"
      className="ps-button ps-outline"
      lang={target}
      onClick={() => void changeLanguage(target)}
    >
      <span className="ps-lang-icon" aria-hidden>
        <Languages />
      </span>
      {/* Phones get the short form so the header keeps to one line at 375 px. */}
      <span className="ps-lang-long">{t('language.switchTo')}</span>
      <span className="ps-lang-short">{t('language.switchToShort')}</span>
      <span className="ps-sr-only">{` – ${t('language.switchLabel')}`}</span>
    </button>
  );
}
