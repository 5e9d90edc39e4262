import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import type { ApiSource } from '../../platform/api-client';
import type { DonateTransferValues } from './donate-transfer.schema';

/**
 * What the visitor has typed, kept per app while the tab lives: the page is drawn anew when Chakra
 * arrives under it (a logged-in visitor's session ending loads Chakra for its dialog, and
 * routes/__root.tsx then adds its provider around the page), and the form starts again from here
 * rather than empty. Cleared once the donation is sent.
 */
export const drafts = new WeakMap<ApiSource, DonateTransferValues>();

export function KeepDraft({ api }: { api: ApiSource }) {
  const { values } = useFormikContext<DonateTransferValues>();
  useEffect(() => {
    drafts.set(api, values);
  }, [api, values]);
  return null;
}
