import { Box, Button } from '@chakra-ui/react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../platform/i18n';

/**
 * One button that offers the other language, labelled in that language so its readers find it. Its
 * name starts with the words it shows ("English", "EN" on phones), then says what it does, so
 * speech control finds it by what is on screen (WCAG 2.5.3, label in name).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const target = currentLanguage() === 'th' ? 'en' : 'th';
  return (
    <Button variant="outline" size="sm" lang={target} onClick={() => void changeLanguage(target)}>
      <Box as="span" display={{ base: 'none', sm: 'inline-flex' }} aria-hidden>
        <Languages />
      </Box>
      {/* Phones get the short form so the header keeps to one line at 375 px. */}
      <Box as="span" hideBelow="sm">
        {t('language.switchTo')}
      </Box>
      <Box as="span" hideFrom="sm">
        {t('language.switchToShort')}
      </Box>
      <Box as="span" srOnly>
        {` – ${t('language.switchLabel')}`}
      </Box>
    </Button>
  );
}
