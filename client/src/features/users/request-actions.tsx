import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { currentLanguage } from '../../platform/i18n';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { labelOf } from '../reference';
import { ReasonField } from './reason-field';
import { isNegative, type RequestTransition } from './request-workflow';

/** One button per action the server offers on a request, named as its workflow names it. */
export function RequestActionButtons({
  transitions,
  onAction,
}: {
  transitions: readonly RequestTransition[];
  onAction: (transition: RequestTransition) => void;
}) {
  const language = currentLanguage();
  return (
    <>
      {transitions.map((transition) => (
        <Button
          key={transition.action}
          size="xs"
          colorPalette={isNegative(transition) ? 'red' : 'green'}
          variant={isNegative(transition) ? 'outline' : 'solid'}
          onClick={() => onAction(transition)}
        >
          {labelOf(transition, language)}
        </Button>
      ))}
    </>
  );
}

export interface RequestActionDialogProps {
  transition: RequestTransition;
  title: string;
  message: string;
  reasonLabel: string;
  loading: boolean;
  /** Sends the action with the reason typed (trimmed; null when empty). */
  onConfirm: (reason: string | null) => void;
  onCancel: () => void;
}

/**
 * Asks before a request's action; the reason field is there when the workflow takes one for the
 * action, and required when the workflow requires it (a rejection).
 */
export function RequestActionDialog({
  transition,
  title,
  message,
  reasonLabel,
  loading,
  onConfirm,
  onCancel,
}: RequestActionDialogProps) {
  const language = currentLanguage();
  const [reason, setReason] = useState('');
  const required = transition.reason === 'required';
  return (
    <ConfirmDialog
      open
      title={title}
      message={message}
      confirmLabel={labelOf(transition, language)}
      danger={isNegative(transition)}
      loading={loading}
      confirmDisabled={required && reason.trim() === ''}
      onConfirm={() => onConfirm(reason.trim() || null)}
      onCancel={onCancel}
    >
      {transition.reason && (
        <ReasonField label={reasonLabel} value={reason} onChange={setReason} required={required} />
      )}
    </ConfirmDialog>
  );
}
