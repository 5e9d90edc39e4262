import { Button, HStack } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The buttons under every search form: search (submits the form) and clear. */
export function SearchActions({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <HStack gap="3">
      <Button type="submit" colorPalette="brand">
        <Search aria-hidden />
        {t('form.search')}
      </Button>
      <Button variant="outline" onClick={onClear}>
        {t('form.clear')}
      </Button>
    </HStack>
  );
}
