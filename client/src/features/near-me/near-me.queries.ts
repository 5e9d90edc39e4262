import { graphql } from '../../gql';

// Everything the page needs comes in two small public queries, cached by Apollo: the donation points
// (a few hundred at most) and the provinces with their centres. The browser ranks the points.

export const DonationPointsQuery = graphql(`
  query DonationPoints {
    donationPoints {
      id
      code
      nameTh
      nameEn
      addressLine
      postcode
      latitude
      longitude
      phone
      openingHours
      subDistrict {
        id
        nameTh
        nameEn
        district {
          id
          nameTh
          nameEn
        }
      }
      province {
        id
        nameTh
        nameEn
      }
    }
  }
`);

export const ProvinceCentresQuery = graphql(`
  query ProvinceCentres {
    provinces {
      id
      nameTh
      nameEn
      latitude
      longitude
    }
  }
`);
