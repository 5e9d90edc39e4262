import { skipToken, useQuery } from '@apollo/client/react';
import { Field, Fieldset, Input, SimpleGrid } from '@chakra-ui/react';
import { useField, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../query-state';
import { AddressDistrictsQuery, AddressProvincesQuery, AddressSubDistrictsQuery } from './address.queries';
import {
  type AddressValue,
  chooseDistrict,
  chooseProvince,
  chooseSubDistrict,
  EMPTY_ADDRESS,
} from './address-value';
import { PlaceSelect } from './place-select';
import { useFieldError } from './use-field-error';

export interface AddressFieldProps {
  /** A Formik value holding an AddressValue; validate its parts (`<name>.subDistrictId`, …). */
  name: string;
  legend: string;
  required?: boolean;
}

/**
 * Province > district > sub-district, each list loaded when its parent is chosen, and the postcode
 * filled in (read-only) from the chosen sub-district.
 */
export function AddressField({ name, legend, required }: AddressFieldProps) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<AddressValue>(name);
  const { setFieldTouched } = useFormikContext();
  const value = field.value ?? EMPTY_ADDRESS;
  const provinces = useQuery(AddressProvincesQuery);
  const districts = useQuery(
    AddressDistrictsQuery,
    value.provinceId === null ? skipToken : { variables: { provinceId: value.provinceId } },
  );
  const subDistricts = useQuery(
    AddressSubDistrictsQuery,
    value.districtId === null ? skipToken : { variables: { districtId: value.districtId } },
  );
  const errors = {
    province: useFieldError(`${name}.provinceId`),
    district: useFieldError(`${name}.districtId`),
    subDistrict: useFieldError(`${name}.subDistrictId`),
  };
  const failed = [provinces, districts, subDistricts].find((query) => query.error);
  if (failed) return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;

  const subDistrictOptions = subDistricts.data?.subDistricts ?? [];
  const touch = (part: keyof AddressValue) => () => void setFieldTouched(`${name}.${part}`, true);
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="600">{legend}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <PlaceSelect
          label={t('address.province')}
          value={value.provinceId}
          options={provinces.data?.provinces ?? []}
          emptyLabel={t('form.choose')}
          onChange={(selected) => void helpers.setValue(chooseProvince(selected))}
          onBlur={touch('provinceId')}
          required={required}
          error={errors.province}
        />
        <PlaceSelect
          label={t('address.district')}
          value={value.districtId}
          options={districts.data?.districts ?? []}
          emptyLabel={t('form.choose')}
          onChange={(selected) => void helpers.setValue(chooseDistrict(value, selected))}
          onBlur={touch('districtId')}
          required={required}
          disabled={value.provinceId === null}
          error={errors.district}
        />
        <PlaceSelect
          label={t('address.subDistrict')}
          value={value.subDistrictId}
          options={subDistrictOptions}
          emptyLabel={t('form.choose')}
          onChange={(selected) =>
            void helpers.setValue(chooseSubDistrict(value, selected, subDistrictOptions))
          }
          onBlur={touch('subDistrictId')}
          required={required}
          disabled={value.districtId === null}
          error={errors.subDistrict}
        />
        <Field.Root readOnly>
          <Field.Label>{t('address.postcode')}</Field.Label>
          <Input value={value.postcode} readOnly inputMode="numeric" />
          <Field.HelperText>{t('address.postcodeHelp')}</Field.HelperText>
        </Field.Root>
      </SimpleGrid>
    </Fieldset.Root>
  );
}
