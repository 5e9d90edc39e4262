import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { PlainField } from '../../ui/form/plain/field';
import { useFieldError } from '../../ui/form/use-field-error';
import { SLIP_TYPES } from './donate-transfer.schema';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The transfer slip: one image or PDF, held in the form as a File until it is sent. */
export function SlipField({ name }: { name: string }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<File | null>(name);
  const error = useFieldError(name);
  return (
    <PlainField
      label={t('donateTransfer.slip')}
      required
      error={error}
      helperText={
        field.value
          ? t('donateTransfer.slipChosen', { name: field.value.name, size: sizeText(field.value.size) })
          : undefined
      }
    >
      {(control) => (
        <input
          {...control}
          className="pf-control pf-file"
          type="file"
          name={name}
          accept={SLIP_TYPES.join(',')}
          onChange={(event) => {
            void helpers.setValue(event.currentTarget.files?.[0] ?? null);
            void helpers.setTouched(true, false);
          }}
          onBlur={field.onBlur}
        />
      )}
    </PlainField>
  );
}
