import type { Language } from '../../platform/language';

/** An address's place, as the geography ids of the server; the postcode follows the sub-district. */
export interface AddressValue {
  provinceId: number | null;
  districtId: number | null;
  subDistrictId: number | null;
  postcode: string;
}

export const EMPTY_ADDRESS: AddressValue = {
  provinceId: null,
  districtId: null,
  subDistrictId: null,
  postcode: '',
};

export interface PlaceOption {
  id: number;
  nameTh: string;
  nameEn: string;
  postcode?: string;
}

export const placeName = (place: PlaceOption, language: Language) =>
  language === 'en' ? place.nameEn : place.nameTh;

const idOf = (selected: string) => (selected === '' ? null : Number(selected));

/** A new province clears the district and everything below it. */
export const chooseProvince = (selected: string): AddressValue => ({
  ...EMPTY_ADDRESS,
  provinceId: idOf(selected),
});

/** A new district keeps the province and clears the sub-district and its postcode. */
export const chooseDistrict = (value: AddressValue, selected: string): AddressValue => ({
  ...value,
  districtId: idOf(selected),
  subDistrictId: null,
  postcode: '',
});

/** A sub-district brings its postcode, so nobody types one that does not belong to the place. */
export function chooseSubDistrict(
  value: AddressValue,
  selected: string,
  subDistricts: readonly PlaceOption[],
): AddressValue {
  const id = idOf(selected);
  const postcode = subDistricts.find((s) => s.id === id)?.postcode ?? '';
  return { ...value, subDistrictId: id, postcode };
}
