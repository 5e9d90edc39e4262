import { graphql } from '../../gql';

export const ShortSupplyQuery = graphql(`
  query ShortSupply($provinceId: Int) {
    shortSupply(provinceId: $provinceId) {
      provinceId
      provinceNameTh
      provinceNameEn
      items {
        resourceCode
        resourceNameTh
        resourceNameEn
        categoryTh
        categoryEn
        countingUnitTh
        countingUnitEn
        needed
      }
      donationPoints {
        code
        nameTh
        nameEn
        addressLine
        subDistrictNameTh
        subDistrictNameEn
        districtNameTh
        districtNameEn
        postcode
        phone
        openingHours
      }
    }
  }
`);
