import type { ErrorLike } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, failureMessageKey } from '../platform/api-errors';
import { currentLanguage } from '../platform/i18n';
import { toaster } from './toaster';

/**
 * Runs a list action and reports it in a toast: success in the screen's words, failure in the
 * server's words (or a generic message). Returns whether it succeeded.
 */
export function useActionFeedback() {
  const { t } = useTranslation();
  return async (action: () => Promise<unknown>, successTitle: string): Promise<boolean> => {
    try {
      await action();
      toaster.create({ type: 'success', title: successTitle });
      return true;
    } catch (error) {
      const failure = error as ErrorLike;
      const message = apiErrorMessage(failure, currentLanguage());
      toaster.create({ type: 'error', title: message ?? t(failureMessageKey(failure, 'action')) });
      return false;
    }
  };
}
