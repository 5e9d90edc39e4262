import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useField, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { AddressDistrictsQuery, AddressProvincesQuery, AddressSubDistrictsQuery } from './address.queries';
import {
  type AddressValue,
  chooseDistrict,
  chooseProvince,
  chooseSubDistrict,
  EMPTY_ADDRESS,
} from './address-value';
import type { PlaceSelectProps } from './place-select';
import { useFieldError } from './use-field-error';

/** One level of the address picker, as either skin draws it (a native select each). */
export type PlaceLevel = PlaceSelectProps;

/** A list's answer as the address field reads it; `error` is set (truthy) when it failed. */
export interface ListAnswer<T> {
  data?: T;
  error?: unknown;
  refetch: () => void;
}

/**
 * How a skin reads a list: the Chakra skin with Apollo's useQuery, the plain skin with
 * usePublicQuery (without Apollo until it is there). Null variables: not yet asked.
 */
export type UseList = <T, V extends Record<string, unknown>>(
  document: TypedDocumentNode<T, V>,
  variables: V | null,
) => ListAnswer<T>;

/**
 * The address field's logic, for both skins: province > district > sub-district, each list loaded
 * when its parent is chosen, the postcode filled in from the chosen sub-district, and a query that
 * failed (to show with a retry).
 */
export function useAddressField(name: string, required: boolean | undefined, useList: UseList) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<AddressValue>(name);
  const { setFieldTouched } = useFormikContext();
  const value = field.value ?? EMPTY_ADDRESS;
  const provinces = useList(AddressProvincesQuery, {});
  const districts = useList(
    AddressDistrictsQuery,
    value.provinceId === null ? null : { provinceId: value.provinceId },
  );
  const subDistricts = useList(
    AddressSubDistrictsQuery,
    value.districtId === null ? null : { districtId: value.districtId },
  );
  const errors = {
    province: useFieldError(`${name}.provinceId`),
    district: useFieldError(`${name}.districtId`),
    subDistrict: useFieldError(`${name}.subDistrictId`),
  };
  const failed = [provinces, districts, subDistricts].find((query) => query.error) ?? null;
  const subDistrictOptions = subDistricts.data?.subDistricts ?? [];
  const touch = (part: keyof AddressValue) => () => void setFieldTouched(`${name}.${part}`, true);
  const levels: PlaceLevel[] = [
    {
      label: t('address.province'),
      value: value.provinceId,
      options: provinces.data?.provinces ?? [],
      emptyLabel: t('form.choose'),
      onChange: (selected) => void helpers.setValue(chooseProvince(selected)),
      onBlur: touch('provinceId'),
      required,
      error: errors.province,
    },
    {
      label: t('address.district'),
      value: value.districtId,
      options: districts.data?.districts ?? [],
      emptyLabel: t('form.choose'),
      onChange: (selected) => void helpers.setValue(chooseDistrict(value, selected)),
      onBlur: touch('districtId'),
      required,
      disabled: value.provinceId === null,
      error: errors.district,
    },
    {
      label: t('address.subDistrict'),
      value: value.subDistrictId,
      options: subDistrictOptions,
      emptyLabel: t('form.choose'),
      onChange: (selected) => void helpers.setValue(chooseSubDistrict(value, selected, subDistrictOptions)),
      onBlur: touch('subDistrictId'),
      required,
      disabled: value.districtId === null,
      error: errors.subDistrict,
    },
  ];
  return {
    levels,
    postcode: value.postcode,
    failed: failed && { error: failed.error, retry: () => failed.refetch() },
  };
}
