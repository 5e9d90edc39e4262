import { graphql } from '../../gql';

// Two small queries rather than one page query: each home section loads, fails and retries on its
// own, so an error in the organisation tree never hides the donation point counts.

export const DonationPointsByRegionQuery = graphql(`
  query DonationPointsByRegion {
    donationPointsByRegion {
      count
      region {
        id
        nameTh
        nameEn
      }
    }
  }
`);

export const HomeOrganisationQuery = graphql(`
  query HomeOrganisation {
    organisationTree {
      id
      code
      nameTh
      nameEn
      children {
        id
        code
        nameTh
        nameEn
      }
    }
  }
`);

export const HomeFiguresQuery = graphql(`
  query HomeFigures {
    publicFigures {
      fiscalYear
      moneyReceived
      goodsValueReceived
      itemsGivenOut
      donationPoints
    }
  }
`);

export const MostNeededQuery = graphql(`
  query MostNeeded {
    mostNeededItems(limit: 5) {
      resourceCode
      resourceNameTh
      resourceNameEn
      countingUnitTh
      countingUnitEn
      needed
      provinces
      shortfall
    }
  }
`);
