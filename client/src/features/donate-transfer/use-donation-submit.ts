import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import type { ApiSource } from '../../platform/api-client';
import type { useBotCheck } from '../../platform/bot-check';
import { useIdempotencyKey } from '../../platform/idempotency-key';
import type { Language } from '../../platform/language';
import { publicFormFieldErrors } from '../../platform/rest-errors';
import { type DonateTransferValues, formFieldOf, toDonationPayload } from './donate-transfer.schema';
import type { DonationDone } from './donate-transfer-done';
import { nameIn } from './donate-transfer-steps';
import { drafts } from './donation-draft';
import { chosen, type ReceivingProvince } from './receiving-unit-picker';
import { submitDonation } from './submit-donation';

/** What the donor sends, the slip as its name, size and time (a File has no JSON of its own). */
const slipPrint = (values: DonateTransferValues) => {
  const slip = values.slip as File | null | undefined;
  return { ...values, slip: slip ? [slip.name, slip.size, slip.lastModified] : null };
};

/**
 * Sending the donation: the answer (the tracking number) once it is recorded, or the failure with
 * its field errors put on the form's fields; the draft is forgotten once sent.
 */
export function useDonationSubmit({
  provinces,
  language,
  api,
  botCheck,
}: {
  provinces: readonly ReceivingProvince[];
  language: Language;
  api: ApiSource;
  botCheck: ReturnType<typeof useBotCheck>;
}) {
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<DonationDone | null>(null);
  // One key per donation, kept across retries of the same send (the server records it once); a
  // changed form or slip is another request and gets a new key.
  const idempotencyKey = useIdempotencyKey();
  const label = nameIn(language);

  const submit = async (values: DonateTransferValues, helpers: FormikHelpers<DonateTransferValues>) => {
    setFailure(null);
    try {
      const answer = await submitDonation(
        toDonationPayload(values, idempotencyKey.current(slipPrint(values))),
        values.slip as File,
        botCheck.headers(),
      );
      const { unit } = chosen(provinces, values);
      setDone({ ...answer, amount: values.amount, unitName: unit ? label(unit) : '' });
      drafts.delete(api);
      idempotencyKey.reset();
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      setFailure(error);
      const fields = publicFormFieldErrors(error, language);
      if (fields.length) {
        helpers.setErrors(Object.fromEntries(fields.map((f) => [formFieldOf(f.field), f.message])));
        for (const f of fields) void helpers.setFieldTouched(formFieldOf(f.field), true, false);
      }
    } finally {
      botCheck.reset();
    }
  };

  const again = () => {
    setDone(null);
    setFailure(null);
  };
  return { submit, failure, done, again };
}
