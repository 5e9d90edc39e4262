import { Text, Timeline } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatBEDateTime } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { labelOf } from '../reference/reference-rules';
import { statusLabel, transitionOf, type WorkflowLabels } from './document-rules';

export interface HistoryEntry {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  actorName: string;
  at: unknown;
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
}: {
  descriptor: WorkflowLabels;
  history: readonly HistoryEntry[];
  createLabel?: string;
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
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
  );
}
