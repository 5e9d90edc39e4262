import { graphql } from '../../gql';

export const UserGroupFields = graphql(`
  fragment UserGroupFields on UserGroup {
    code
    name
    statusCode
    remark
    fixed
    menuCodes
    memberCount
  }
`);

export const UserGroupsQuery = graphql(`
  query UserGroups(
    $currentPage: Int!
    $rows: Int!
    $code: String
    $name: String
    $statusCode: String
    $sort: String
    $direction: String
  ) {
    userGroups(
      currentPage: $currentPage
      rows: $rows
      code: $code
      name: $name
      statusCode: $statusCode
      sort: $sort
      direction: $direction
    ) {
      total
      currentPage
      rows
      items {
        ...UserGroupFields
      }
    }
  }
`);

export const UserGroupQuery = graphql(`
  query UserGroup($code: String!) {
    userGroup(code: $code) {
      ...UserGroupFields
    }
  }
`);

export const MenuCatalogueQuery = graphql(`
  query MenuCatalogue {
    menuCatalogue {
      code
      key
      section
      nameTh
      nameEn
      external
      statusCode
    }
  }
`);

export const SaveUserGroupMutation = graphql(`
  mutation SaveUserGroup($input: SaveUserGroupInput!) {
    saveUserGroup(input: $input) {
      ...UserGroupFields
    }
  }
`);

export const DeleteUserGroupMutation = graphql(`
  mutation DeleteUserGroup($code: String!) {
    deleteUserGroup(code: $code) {
      ...UserGroupFields
    }
  }
`);
