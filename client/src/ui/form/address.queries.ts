import { graphql } from '../../gql';

// One level at a time: a picker needs 77 provinces, then one province's districts, then one
// district's sub-districts, not the 8,500-row tree.

export const AddressProvincesQuery = graphql(`
  query AddressProvinces {
    provinces {
      id
      nameTh
      nameEn
    }
  }
`);

export const AddressDistrictsQuery = graphql(`
  query AddressDistricts($provinceId: Int!) {
    districts(provinceId: $provinceId) {
      id
      nameTh
      nameEn
    }
  }
`);

export const AddressSubDistrictsQuery = graphql(`
  query AddressSubDistricts($districtId: Int!) {
    subDistricts(districtId: $districtId) {
      id
      nameTh
      nameEn
      postcode
    }
  }
`);
