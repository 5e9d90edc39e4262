import { graphql } from '../../gql';

// Everything the session needs to keep the local copy of the logged-in user (specification sec. 3
// "Logged-in user data"); the side menu is built from `menus`.
export const LoggedInUserFields = graphql(`
  fragment LoggedInUserFields on LoggedInUser {
    userId
    kind
    username
    titleTh
    firstNameTh
    lastNameTh
    officeTypeCode
    userGroup
    userGroupCode
    ministry
    ministryCode
    department
    departmentCode
    bureau
    bureauCode
    division
    divisionCode
    organisationName
    ministryEn
    departmentEn
    bureauEn
    divisionEn
    organisationNameEn
    menus {
      code
      key
      action
      section
      nameTh
      nameEn
      route
      external
      statusCode
    }
  }
`);

export const LoginMutation = graphql(`
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      token
      expiresAt
      user {
        ...LoggedInUserFields
      }
    }
  }
`);

export const DonorLoginMutation = graphql(`
  mutation DonorLogin($username: String!, $password: String!) {
    donorLogin(username: $username, password: $password) {
      token
      expiresAt
      user {
        ...LoggedInUserFields
      }
    }
  }
`);

export const RefreshTokenMutation = graphql(`
  mutation RefreshToken {
    refreshToken {
      token
      expiresAt
      user {
        ...LoggedInUserFields
      }
    }
  }
`);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

export const SessionCheckQuery = graphql(`
  query SessionCheck {
    sessionCheck {
      xlock
      expiresAt
    }
  }
`);

export const CheckMenuAccessQuery = graphql(`
  query CheckMenuAccess($menuCode: String!) {
    checkMenuAccess(menuCode: $menuCode)
  }
`);

export const ExternalSiteTokenMutation = graphql(`
  mutation ExternalSiteToken($menuCode: String!) {
    externalSiteToken(menuCode: $menuCode)
  }
`);
