import { useTranslation } from 'react-i18next';
import { usePublicQuery } from '../../../platform/public-query';
import { PlaceOptions } from '../../public-place-select';
import { PublicLoadError } from '../../public-states';
import type { AddressFieldProps } from '../address-field';
import { type UseList, useAddressField } from '../use-address-field';
import { PlainField } from './field';
import { NativeSelect } from './select-field';

/** The plain skin's lists go without Apollo until it is there (platform/public-query.ts). */
const usePublicList: UseList = (document, variables) => usePublicQuery(document, variables);

/** The kit's address field in plain HTML (use-address-field.ts; the Chakra skin: ui/form/address-field.tsx). */
export function AddressField({ name, legend, required }: AddressFieldProps) {
  const { t } = useTranslation();
  const { levels, postcode, failed } = useAddressField(name, required, usePublicList);
  if (failed) return <PublicLoadError onRetry={failed.retry} />;
  return (
    <fieldset className="pf-fieldset">
      <legend className="pf-legend">{legend}</legend>
      <div className="pf-grid">
        {levels.map((level) => (
          <PlainField
            key={level.label}
            label={level.label}
            required={level.required}
            disabled={level.disabled}
            error={level.error}
          >
            {(control) => (
              <NativeSelect
                control={control}
                value={level.value === null ? '' : String(level.value)}
                onChange={(event) => level.onChange(event.target.value)}
                onBlur={level.onBlur}
              >
                <PlaceOptions options={level.options} emptyLabel={level.emptyLabel} />
              </NativeSelect>
            )}
          </PlainField>
        ))}
        <PlainField label={t('address.postcode')} helperText={t('address.postcodeHelp')}>
          {(control) => <input {...control} value={postcode} readOnly inputMode="numeric" />}
        </PlainField>
      </div>
    </fieldset>
  );
}
