import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { DetailsDialog } from '../../ui/app-dialog';
import { fullName } from '../../ui/app-shell/backoffice-user';
import { unitName } from '../../ui/organisation/organisation-tree';
import { formatCitizenId } from '../../ui/validation/citizen-id';
import type { UserRow } from './use-user-list';
import { UserStatusBadges } from './user-status-badges';

/** Everything the list knows about one user, read-only. */
export function UserDetailsDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rows: [string, ReactNode][] = [
    [t('user.fields.name'), fullName(user)],
    [t('auth.staffLogin.username'), user.username],
    [t('auth.email'), user.email],
    [t('user.fields.citizenId'), user.citizenId ? formatCitizenId(user.citizenId) : '—'],
    [t('user.fields.phone'), user.phone ?? '—'],
    [t('user.fields.position'), user.position ?? '—'],
    [t('user.fields.organisation'), user.organisationUnit ? unitName(user.organisationUnit, language) : '—'],
    [t('user.fields.group'), `${user.userGroupName} (${user.userGroupCode})`],
    [
      t('user.fields.status'),
      <UserStatusBadges
        key="status"
        userStatus={user.userStatusCode}
        requestStatus={user.requestStatusCode}
      />,
    ],
    [t('user.fields.createdAt'), formatBE(String(user.createdAt), 'long', language)],
    [
      t('user.fields.lastLoginAt'),
      user.lastLoginAt ? formatBE(String(user.lastLoginAt), 'long', language) : '—',
    ],
  ];
  if (user.rejectReason) rows.push([t('user.approve.reason'), user.rejectReason]);
  return (
    <DetailsDialog title={fullName(user)} onClose={onClose}>
      <DataList.Root orientation="horizontal">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </DetailsDialog>
  );
}
