import { Text, Timeline } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatBE, formatBEDateTime } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { formatQuantity } from '../../platform/money';
import { labelOf } from '../reference';
import { statusLabel, transitionOf, type WorkflowLabels } from './document-rules';

export interface HistoryEntry {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  actorName: string;
  at: unknown;
  /** What an action that enters fields again changed (an edited delivery): before and after. */
  changes?: readonly { field: string; line?: number | null; before?: string | null; after?: string | null }[];
}

/**
 * A changed value as a person reads it: a date in the Buddhist era, a quantity as people write it,
 * nothing as a dash.
 */
function changeText(value: string | null | undefined, quantity: boolean): string {
  if (value == null || value === '') return '–';
  if (quantity) return formatQuantity(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatBE(value) : value;
}

/** When, to the minute, on the Bangkok calendar with a Buddhist-era year: 22/11/2569 14:05. */
function whenText(at: unknown): string {
  return typeof at === 'string' ? formatBEDateTime(at) : '';
}

/**
 * Every change of a document (or of a request on a workflow), oldest first: what was done, by whom,
 * when, the status it moved. `createLabel` names the first step when "created" does not fit
 * (a registration is "registered").
 */
export function DocumentHistory({
  descriptor,
  history,
  createLabel,
  fieldLabel = (name) => name,
  isQuantity = () => false,
}: {
  descriptor: WorkflowLabels;
  history: readonly HistoryEntry[];
  createLabel?: string;
  /** A changed field's label (a document's descriptor names its fields). */
  fieldLabel?: (name: string) => string;
  /** Whether a changed field is a quantity (shown by `formatQuantity`). */
  isQuantity?: (name: string) => boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const actionText = (action: string) => {
    if (action === 'CREATE') return createLabel ?? t('documents.historyCreate');
    if (action === 'EDIT') return t('documents.historyEdit');
    const transition = transitionOf(descriptor, action);
    return transition ? labelOf(transition, language) : action;
  };
  return (
    <Timeline.Root size="sm" role="list" aria-label={t('documents.history')}>
      {history.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: history is append-only, so a position never changes meaning
        <Timeline.Item key={index} role="listitem">
          <Timeline.Connector>
            <Timeline.Separator />
            <Timeline.Indicator />
          </Timeline.Connector>
          <Timeline.Content>
            <Timeline.Title>
              {actionText(entry.action)}
              {' · '}
              {entry.fromStatus && entry.fromStatus !== entry.toStatus
                ? `${statusLabel(descriptor, entry.fromStatus, language)} → ${statusLabel(descriptor, entry.toStatus, language)}`
                : statusLabel(descriptor, entry.toStatus, language)}
            </Timeline.Title>
            <Timeline.Description>
              {t('documents.historyBy', { name: entry.actorName, when: whenText(entry.at) })}
            </Timeline.Description>
            {entry.reason && (
              <Text textStyle="sm">
                {t('documents.reason')}: {entry.reason}
              </Text>
            )}
            {entry.changes?.map((change) => (
              <Text key={`${change.line ?? 0}-${change.field}`} textStyle="sm">
                {change.line
                  ? t('documents.historyLineChange', { n: change.line, field: fieldLabel(change.field) })
                  : fieldLabel(change.field)}
                : {changeText(change.before, isQuantity(change.field))} →{' '}
                {changeText(change.after, isQuantity(change.field))}
              </Text>
            ))}
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
  );
}
