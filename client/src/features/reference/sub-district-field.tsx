import { useQuery } from '@apollo/client/react';
import { Stack, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressField } from '../../ui/form/address-field';
import type { AddressValue } from '../../ui/form/address-value';
import { SubDistrictPlaceQuery } from './reference.operations';

export interface SubDistrictFieldProps {
  name: string;
  label: string;
  required: boolean;
  /** The saved sub-district's text (the item's display), e.g. "มักกะสัน ราชเทวี กรุงเทพมหานคร 10400". */
  currentText?: string;
}

/**
 * The address picker for a sub-district field. An item stores only the sub-district; to show its
 * province and district the picker looks the sub-district up by id.
 */
export function SubDistrictField({ name, label, required, currentText }: SubDistrictFieldProps) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<AddressValue>(name);
  const value = field.value;
  const unplaced = value.subDistrictId !== null && value.districtId === null;
  const lookup = useQuery(SubDistrictPlaceQuery, {
    variables: { id: value.subDistrictId ?? 0 },
    skip: !unplaced,
  });
  const found = lookup.data?.subDistrict;
  useEffect(() => {
    if (!found || !unplaced) return;
    void helpers.setValue({
      provinceId: found.district.province.id,
      districtId: found.district.id,
      subDistrictId: found.id,
      postcode: found.postcode,
    });
  }, [found, unplaced, helpers]);
  return (
    <Stack gap="2">
      <AddressField name={name} legend={label} required={required} />
      {unplaced && currentText && (
        <Text fontSize="sm" color="fg.muted">
          {t('reference.currentPlace', { place: currentText })}
        </Text>
      )}
    </Stack>
  );
}
