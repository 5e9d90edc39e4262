import { useQuery } from '@apollo/client/react';
import { Button, DataList, Heading, HStack, Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { DetailsDialog } from '../../ui/app-dialog';
import { DataTable } from '../../ui/data-table/data-table';
import type { DataTableColumn } from '../../ui/data-table/data-table.types';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { dayBE, fieldText, isQuantity, labelOf } from '../reference';
import { DocumentActionForm } from './document-action-form';
import { DocumentAttachments } from './document-attachments';
import { DocumentHistory } from './document-history';
import { DocumentPhotos } from './document-photos';
import { DocumentReceipt } from './document-receipt';
import { DocumentRelated } from './document-related';
import {
  type DocumentDescriptor,
  type DocumentScreen,
  type DocumentTransition,
  screenCommands,
  transitionOf,
} from './document-rules';
import { DocumentStatusBadge } from './document-status-badge';
import { DocumentQuery } from './documents.operations';
import { useDocumentTypes } from './use-document-types';

export interface DocumentDetailsDialogProps {
  screen: DocumentScreen;
  id: number;
  onClose: () => void;
  /** The document changed here (an action): the list behind refreshes. */
  onChanged: () => void;
}

/**
 * One document, read-only: header and lines with their display texts, the status, its files (added
 * and removed here on a work screen), the history as a timeline, and one button per action the
 * person may take now on this screen.
 */
export function DocumentDetailsDialog({ screen, id, onClose, onChanged }: DocumentDetailsDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { descriptors } = useDocumentTypes();
  const { descriptor } = screen;
  const query = useQuery(DocumentQuery, {
    variables: { type: descriptor.type, id },
    fetchPolicy: 'cache-and-network',
  });
  const document = query.data?.document;
  const [acting, setActing] = useState<DocumentTransition | null>(null);
  // After a stale-version refusal, until the document has been read again.
  const [reloading, setReloading] = useState(false);
  const commands = screenCommands(screen);
  const offered = (document?.allowedActions ?? [])
    .filter((action) => commands.offers(action))
    .flatMap((action) => transitionOf(descriptor, action) ?? []);
  const yesNo = { yes: t('reference.yes'), no: t('reference.no') };
  const typeLabel = labelOf(descriptor, language);

  return (
    <DetailsDialog
      size="xl"
      title={document ? t('documents.detailsTitle', { type: typeLabel, number: document.number }) : typeLabel}
      onClose={onClose}
    >
      {!document ? (
        query.loading ? (
          <LoadingState />
        ) : (
          <ErrorState error={query.error} notFound={!query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <Stack gap="6">
          <DataList.Root orientation="horizontal">
            <Item label={t('documents.number')}>{document.number}</Item>
            <Item label={t('documents.status')}>
              <DocumentStatusBadge descriptor={descriptor} status={document.status} />
            </Item>
            {descriptor.header.map((field) => (
              <Item key={field.name} label={labelOf(field, language)}>
                {fieldText(
                  field,
                  { values: document.header, display: document.display, displayEn: document.displayEn },
                  language,
                  yesNo,
                ) || '—'}
              </Item>
            ))}
            <Item label={t('documents.owner')}>
              {document.ownerUnitCode} {language === 'en' ? document.ownerUnitNameEn : document.ownerUnitName}
            </Item>
            <Item label={t('documents.createdBy')}>{document.createdByName}</Item>
            <Item label={t('documents.createdAt')}>{dayBE(document.createdAt, language)}</Item>
            <Item label={t('documents.remark')}>{document.remark || '—'}</Item>
          </DataList.Root>

          {descriptor.lines.length > 0 && (
            <Stack gap="3">
              <Heading as="h3" size="md">
                {t('documents.lines')}
              </Heading>
              <DocumentLinesTable descriptor={descriptor} lines={document.lines} />
            </Stack>
          )}

          {offered.length > 0 &&
            (acting ? (
              <DocumentActionForm
                key={acting.action}
                descriptor={descriptor}
                transition={acting}
                document={document}
                onCancel={() => setActing(null)}
                onDone={() => {
                  setActing(null);
                  onChanged();
                }}
                onStale={() => {
                  setActing(null);
                  setReloading(true);
                  void query.refetch().finally(() => setReloading(false));
                  onChanged();
                }}
              />
            ) : (
              <HStack gap="3" wrap="wrap" role="group" aria-label={t('documents.actions')}>
                {offered.map((transition) => (
                  <Button
                    key={transition.action}
                    colorPalette={/CANCEL/.test(transition.action) ? 'red' : 'brand'}
                    variant={/CANCEL/.test(transition.action) ? 'outline' : 'solid'}
                    // While the document loads again, its version on screen may be stale.
                    disabled={query.loading || reloading}
                    onClick={() => setActing(transition)}
                  >
                    {labelOf(transition, language)}
                  </Button>
                ))}
              </HStack>
            ))}

          {document.receipt && (
            <DocumentReceipt receipt={document.receipt} onPrinted={() => query.refetch()} />
          )}

          <DocumentRelated related={document.related} descriptors={descriptors} language={language} />

          <DocumentPhotos attachments={document.attachments} />

          <DocumentAttachments
            document={document}
            offersChanges={commands.attachments}
            onChanged={() => query.refetch()}
          />

          <Stack gap="3">
            <Heading as="h3" size="md">
              {t('documents.history')}
            </Heading>
            <DocumentHistory
              descriptor={descriptor}
              history={document.history}
              fieldLabel={(name) => {
                const field = [...descriptor.header, ...descriptor.lines].find((f) => f.name === name);
                return field ? labelOf(field, language) : name;
              }}
              isQuantity={(name) =>
                [...descriptor.header, ...descriptor.lines].some((f) => f.name === name && isQuantity(f))
              }
            />
          </Stack>
        </Stack>
      )}
    </DetailsDialog>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

interface LineRow {
  id: number;
  lineNo: number;
  values: unknown;
  display: unknown;
  displayEn?: unknown;
}

/** Every field of every line, entered, derived (lot, expiry, value) and entered at actions. */
function DocumentLinesTable({
  descriptor,
  lines,
}: {
  descriptor: DocumentDescriptor;
  lines: readonly LineRow[];
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const yesNo = { yes: t('reference.yes'), no: t('reference.no') };
  const columns: DataTableColumn<LineRow>[] = [
    { id: 'lineNo', header: t('documents.lineNo'), align: 'end', cell: (line) => line.lineNo },
    ...descriptor.lines.map(
      (field): DataTableColumn<LineRow> => ({
        id: field.name,
        header: labelOf(field, language),
        align: field.kind === 'integer' || field.kind === 'decimal' ? 'end' : 'start',
        cell: (line) => fieldText(field, line, language, yesNo),
      }),
    ),
  ];
  return (
    <DataTable
      caption={t('documents.lines')}
      columns={columns}
      rows={lines}
      rowKey={(line) => String(line.id)}
    />
  );
}
