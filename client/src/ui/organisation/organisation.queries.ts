import { graphql } from '../../gql';

// Four levels: ministry > department > bureau (3 central, 5 provincial) > division (4, 6).
export const OrganisationTreeQuery = graphql(`
  query OrganisationTree {
    organisationTree {
      id
      code
      nameTh
      nameEn
      officeType
      children {
        id
        code
        nameTh
        nameEn
        officeType
        children {
          id
          code
          nameTh
          nameEn
          officeType
          children {
            id
            code
            nameTh
            nameEn
            officeType
          }
        }
      }
    }
  }
`);
