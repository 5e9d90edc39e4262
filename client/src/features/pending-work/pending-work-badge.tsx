import { useQuery } from '@apollo/client/react';
import { Badge, Box, IconButton } from '@chakra-ui/react';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onMutationDone } from '../../platform/mutation-events';
import type { LoggedInUser } from '../../platform/session/session-types';
import { PendingWorkCountQuery } from './pending-work.operations';

/** The pending-work menu (notification-pending-work). */
export const PENDING_WORK_MENU: MenuCode = 'MN-106';
/** How often the count is read again while the tab is shown. */
export const PENDING_WORK_POLL_MS = 60_000;

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * The count of pending work in the top bar, a link to the screen. It stays current three ways: read
 * again after every mutation the person makes (an approval takes an item off at once), every minute
 * while the tab is shown (others' work adds items), and when the tab is shown again. Hidden tabs do
 * not poll. Only for holders of MN-106; nothing is shown while the count is unknown or zero.
 */
export function PendingWorkBadge({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const allowed = user.menus.some((m) => m.code === PENDING_WORK_MENU);
  const query = useQuery(PendingWorkCountQuery, {
    skip: !allowed,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: false,
  });
  const { refetch, startPolling, stopPolling } = query;

  useEffect(() => {
    if (!allowed) return;
    const refresh = () => void refetch().catch(() => undefined);
    const unsubscribe = onMutationDone(refresh);
    const onVisibility = () => {
      if (hidden()) stopPolling();
      else {
        refresh();
        startPolling(PENDING_WORK_POLL_MS);
      }
    };
    if (!hidden()) startPolling(PENDING_WORK_POLL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      stopPolling();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [allowed, refetch, startPolling, stopPolling]);

  if (!allowed) return null;
  const count = query.data?.pendingWorkCount ?? 0;
  const label = t('pendingWork.badge', { count });
  return (
    <Box position="relative">
      <IconButton asChild size="sm" variant="ghost" aria-label={label} title={label}>
        <Link to="/backoffice/$key" params={{ key: 'notification-pending-work' }}>
          <Bell aria-hidden />
        </Link>
      </IconButton>
      {count > 0 ? (
        <Badge
          data-testid="pending-work-count"
          position="absolute"
          top="-1"
          insetEnd="-1"
          colorPalette="red"
          variant="solid"
          borderRadius="full"
          fontSize="2xs"
          pointerEvents="none"
          aria-hidden
        >
          {count > 99 ? '99+' : count}
        </Badge>
      ) : null}
    </Box>
  );
}
