import { useQuery } from '@apollo/client/react';
import { Stack, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressField } from '../../ui/form/address-field';
import type { AddressValue } from '../../ui/form/address-value';
import { SubDistrictsByPostcodeQuery } from './reference.operations';

export interface SubDistrictFieldProps {
  name: string;
  label: string;
  required: boolean;
  /** The saved sub-district's text (the item's display), e.g. "มักกะสัน ราชเทวี กรุงเทพมหานคร 10400". */
  currentText?: string;
}

const POSTCODE = /\b\d{5}\b/;

/**
 * The address picker for a sub-district field. An item stores only the sub-district; to show its
 * province and district the picker looks the place up by the postcode in the item's display text.
 */
export function SubDistrictField({ name, label, required, currentText }: SubDistrictFieldProps) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<AddressValue>(name);
  const value = field.value;
  const postcode = currentText?.match(POSTCODE)?.[0];
  const unplaced = value.subDistrictId !== null && value.districtId === null;
  const lookup = useQuery(SubDistrictsByPostcodeQuery, {
    variables: { text: postcode ?? '' },
    skip: !unplaced || !postcode,
  });
  const found = lookup.data?.searchSubDistricts.find((place) => place.id === value.subDistrictId);
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
