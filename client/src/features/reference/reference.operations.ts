import { graphql } from '../../gql';

// The reference-data kit's operations (docs/reference-data-kit.md): one set for every type, the
// type named by a variable. The descriptors say which fields an item has and how to show them.

export const ReferenceTypesQuery = graphql(`
  query ReferenceTypes {
    referenceTypes {
      type
      key
      labelTh
      labelEn
      viewMenuCodes
      createMenuCodes
      editMenuCodes
      scope
      screens {
        key
        mode
      }
      fields {
        name
        kind
        labelTh
        labelEn
        required
        maxLength
        min
        max
        scale
        options {
          value
          labelTh
          labelEn
        }
        refType
        inlineCreateMenuCodes
        derived
        list
        search
        sort
      }
    }
  }
`);

export const ReferenceItemFields = graphql(`
  fragment ReferenceItemFields on ReferenceItem {
    id
    code
    statusCode
    nameTh
    nameEn
    values
    display
    displayEn
    createdAt
    updatedAt
  }
`);

export const ReferenceItemsQuery = graphql(`
  query ReferenceItems(
    $type: ReferenceTypeName!
    $search: String
    $statusCode: String
    $currentPage: Int!
    $rows: Int!
    $sort: String
    $direction: String
  ) {
    referenceItems(
      type: $type
      search: $search
      statusCode: $statusCode
      currentPage: $currentPage
      rows: $rows
      sort: $sort
      direction: $direction
    ) {
      total
      currentPage
      rows
      items {
        ...ReferenceItemFields
      }
    }
  }
`);

export const ReferenceOptionsQuery = graphql(`
  query ReferenceOptions(
    $type: ReferenceTypeName!
    $search: String
    $rows: Int!
    $documentType: String
    $documentField: String
  ) {
    referenceOptions(
      type: $type
      search: $search
      rows: $rows
      documentType: $documentType
      documentField: $documentField
    ) {
      id
      code
      nameTh
      nameEn
    }
  }
`);

/** Where an existing sub-district lies, so the address picker can show its province and district. */
export const SubDistrictPlaceQuery = graphql(`
  query SubDistrictPlace($id: Int!) {
    subDistrict(id: $id) {
      id
      postcode
      district {
        id
        province {
          id
        }
      }
    }
  }
`);

export const SaveReferenceItemMutation = graphql(`
  mutation SaveReferenceItem($type: ReferenceTypeName!, $input: SaveReferenceItemInput!) {
    saveReferenceItem(type: $type, input: $input) {
      ...ReferenceItemFields
    }
  }
`);

export const SetReferenceItemStatusMutation = graphql(`
  mutation SetReferenceItemStatus($type: ReferenceTypeName!, $id: Int!, $statusCode: String!) {
    setReferenceItemStatus(type: $type, id: $id, statusCode: $statusCode) {
      ...ReferenceItemFields
    }
  }
`);

export const DeleteReferenceItemMutation = graphql(`
  mutation DeleteReferenceItem($type: ReferenceTypeName!, $id: Int!) {
    deleteReferenceItem(type: $type, id: $id)
  }
`);
