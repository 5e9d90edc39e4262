import { Button, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type DataTablePaging, pageCount } from './data-table.types';

/**
 * Previous/next with "page x of y" and the total, which is what long official lists need; a list
 * paged by key (`onMove`) has first and last as well, each read by key.
 */
export function DataTablePager({ currentPage, rows, total, onPageChange, onMove }: DataTablePaging) {
  const { t } = useTranslation();
  const pages = pageCount(total, rows);
  const go = (move: 'first' | 'previous' | 'next' | 'last', page: number) =>
    onMove ? onMove(move) : onPageChange(page);
  return (
    <HStack as="nav" aria-label={t('table.pagination')} justify="space-between" wrap="wrap" gap="3" pt="3">
      <Text color="fg.muted" fontSize="sm">
        {t('table.total', { count: total })}
      </Text>
      <HStack gap="2">
        {onMove && (
          <Button size="sm" variant="outline" disabled={currentPage <= 1} onClick={() => go('first', 1)}>
            <ChevronsLeft aria-hidden />
            {t('table.first')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={currentPage <= 1}
          onClick={() => go('previous', currentPage - 1)}
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
          onClick={() => go('next', currentPage + 1)}
        >
          {t('table.next')}
          <ChevronRight aria-hidden />
        </Button>
        {onMove && (
          <Button
            size="sm"
            variant="outline"
            disabled={currentPage >= pages}
            onClick={() => go('last', pages)}
          >
            {t('table.last')}
            <ChevronsRight aria-hidden />
          </Button>
        )}
      </HStack>
    </HStack>
  );
}
