import { Button, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type DataTablePaging, pageCount } from './data-table.types';

/** Previous/next with "page x of y" and the total, which is what long official lists need. */
export function DataTablePager({ currentPage, rows, total, onPageChange }: DataTablePaging) {
  const { t } = useTranslation();
  const pages = pageCount(total, rows);
  return (
    <HStack as="nav" aria-label={t('table.pagination')} justify="space-between" wrap="wrap" gap="3" pt="3">
      <Text color="fg.muted" fontSize="sm">
        {t('table.total', { count: total })}
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          disabled={currentPage <= 1}
          onClick={() => onPageChange(currentPage - 1)}
        >
          <ChevronLeft aria-hidden />
          {t('table.previous')}
        </Button>
        <Text fontSize="sm" aria-live="polite">
          {t('table.pageOf', { page: currentPage, pages })}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={currentPage >= pages}
          onClick={() => onPageChange(currentPage + 1)}
        >
          {t('table.next')}
          <ChevronRight aria-hidden />
        </Button>
      </HStack>
    </HStack>
  );
}
