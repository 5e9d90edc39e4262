import { useQuery } from '@apollo/client/react';
import { Badge, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingWorkQuery as PendingWorkData } from '../../gql/graphql';
import { formatBEDateTime } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { entryName, FeaturePage } from '../../ui/app-shell/feature-page';
import type { FeatureScreenProps } from '../../ui/app-shell/feature-screen-props';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { DocumentDetailsDialog, useDocumentTypes } from '../documents';
import { ReceiptRequestDetailsDialog } from '../receipt-requests';
import { PendingWorkQuery } from './pending-work.operations';

export type PendingWorkGroup = PendingWorkData['pendingWork']['groups'][number];

const KINDS = ['APPROVAL', 'DELIVERY', 'ACTION', 'REQUEST', 'E_DONATION'] as const;

/** What opening an item shows: the document (or request) itself, with the action waiting. */
interface Opened {
  group: PendingWorkGroup;
  id: number;
}

/**
 * Pending work (notification-pending-work, MN-106): what waits for the person, grouped by kind
 * (approvals, deliveries due, other steps, requests), then by document type, status and action,
 * newest first. Opening a number opens the document in the kit's details, where the action waiting
 * is offered (the server's allowedActions decides); a request opens in its own details; the group's
 * link opens the screen that works all of them.
 */
export function PendingWorkPage({ entry }: FeatureScreenProps) {
  const { t } = useTranslation();
  const query = useQuery(PendingWorkQuery, { fetchPolicy: 'cache-and-network' });
  const [opened, setOpened] = useState<Opened | null>(null);
  const work = query.data?.pendingWork;
  const refetch = () => void query.refetch().catch(() => undefined);
  return (
    <FeaturePage title={entryName(entry)} intro={t('pendingWork.intro')}>
      {!work ? (
        query.loading ? (
          <LoadingState />
        ) : (
          <ErrorState error={query.error} onRetry={refetch} />
        )
      ) : (
        <Stack gap="8">
          <HStack justify="space-between">
            <Text fontWeight="600" data-testid="pending-work-total">
              {t('pendingWork.total', { count: work.total })}
            </Text>
            <Button size="sm" variant="outline" onClick={refetch}>
              {t('pendingWork.refresh')}
            </Button>
          </HStack>
          {work.groups.length === 0 ? <Text color="fg.muted">{t('pendingWork.empty')}</Text> : null}
          {KINDS.map((kind) => {
            const groups = work.groups.filter((g) => g.kind === kind);
            if (!groups.length) return null;
            return (
              <Stack as="section" key={kind} gap="4" aria-labelledby={`pending-${kind}`}>
                <Heading as="h2" size="lg" id={`pending-${kind}`}>
                  {t(`pendingWork.kind.${kind}`)}
                </Heading>
                {groups.map((group) => (
                  <PendingGroup
                    key={`${group.source}:${group.status}:${group.action}`}
                    group={group}
                    onOpen={(id) => setOpened({ group, id })}
                  />
                ))}
              </Stack>
            );
          })}
        </Stack>
      )}
      {opened ? <OpenedItem opened={opened} onClose={() => setOpened(null)} onChanged={refetch} /> : null}
    </FeaturePage>
  );
}

function PendingGroup({ group, onOpen }: { group: PendingWorkGroup; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const en = currentLanguage() === 'en';
  const title = `${en ? group.actionLabelEn : group.actionLabelTh}: ${en ? group.labelEn : group.labelTh}`;
  return (
    <Card.Root size="sm" data-testid={`pending-group-${group.source}-${group.action}`}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2">
            <Heading as="h3" size="md">
              {title}
            </Heading>
            <Badge colorPalette="blue">{en ? group.statusLabelEn : group.statusLabelTh}</Badge>
            <Badge colorPalette="red" variant="solid">
              {t('pendingWork.groupCount', { count: group.count })}
            </Badge>
          </HStack>
          <Button asChild size="xs" variant="ghost">
            <Link to={group.link}>{t('pendingWork.openScreen')}</Link>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('pendingWork.number')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('pendingWork.unit')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('pendingWork.date')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {group.items.map((item) => (
              <Table.Row key={`${item.documentType}:${item.id}`}>
                <Table.Cell>
                  {opensHere(group) ? (
                    <Button
                      variant="plain"
                      size="sm"
                      px="0"
                      colorPalette="blue"
                      onClick={() => onOpen(item.id)}
                    >
                      {item.number}
                    </Button>
                  ) : (
                    <Button asChild variant="plain" size="sm" px="0" colorPalette="blue">
                      <Link to={group.link}>{item.number}</Link>
                    </Button>
                  )}
                </Table.Cell>
                <Table.Cell>{(en ? item.unitNameEn : item.unitNameTh) ?? '-'}</Table.Cell>
                <Table.Cell>{formatBEDateTime(item.date as string)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {group.items.length < group.count ? (
          <Text fontSize="sm" color="fg.muted" mt="2">
            {t('pendingWork.showing', { shown: group.items.length, count: group.count })}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Kit documents and receipt requests open here, in their details dialogs; other items (deletion
 * requests, overdue e-Donation rows) open the screen that works them.
 */
const opensHere = (group: PendingWorkGroup) =>
  group.source.startsWith('document:') || group.source === 'receipt-request';

/** The opened item: a kit document in its details (with the action), a receipt request in its own. */
function OpenedItem({
  opened,
  onClose,
  onChanged,
}: {
  opened: Opened;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { descriptors } = useDocumentTypes();
  const { group, id } = opened;
  if (group.source === 'receipt-request')
    return <ReceiptRequestDetailsDialog id={id} works onClose={onClose} onChanged={onChanged} />;
  const descriptor = descriptors.find((d) => d.type === group.documentType);
  // The types are being read (the page already had them for the list): nothing to show yet.
  if (!descriptor) return null;
  return (
    <DocumentDetailsDialog
      screen={{ descriptor, mode: 'WORK', menuCode: group.menuCode, level: null }}
      id={id}
      onClose={onClose}
      onChanged={onChanged}
    />
  );
}
