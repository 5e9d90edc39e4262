import { graphql } from '../../gql';

// Receipt requests (server: features/receipt-requests): the public forms' lists, the status page,
// and the back office's queue (MN-053) and history (MN-059).

export const ReceiptRequestFormQuery = graphql(`
  query ReceiptRequestForm($kind: ReceiptRequestKind!) {
    receiptRequestUnits(kind: $kind) {
      id
      code
      nameTh
      nameEn
      provinceId
      provinceNameTh
      provinceNameEn
    }
    receiptRequestEvidenceLimits {
      maxFiles
      maxBytes
    }
  }
`);

export const ReceiptRequestWorkflowQuery = graphql(`
  query ReceiptRequestWorkflow {
    receiptRequestWorkflow {
      statuses {
        code
        labelTh
        labelEn
      }
      transitions {
        action
        labelTh
        labelEn
        from
        to
        menuCodes
        approval
        reason
      }
    }
  }
`);

export const ReceiptRequestStatusQuery = graphql(`
  query ReceiptRequestStatus($trackingNumber: String!, $email: String!) {
    receiptRequestStatus(trackingNumber: $trackingNumber, email: $email) {
      number
      kind
      status
      unitNameTh
      unitNameEn
      submittedAt
      updatedAt
      rejectReason
    }
  }
`);

export const ReceiptRequestsQuery = graphql(`
  query ReceiptRequests(
    $open: Boolean
    $status: String
    $kind: ReceiptRequestKind
    $from: String
    $to: String
    $unitCode: String
    $search: String
    $currentPage: Int!
    $rows: Int!
    $sort: String
    $direction: String
  ) {
    receiptRequests(
      open: $open
      status: $status
      kind: $kind
      from: $from
      to: $to
      unitCode: $unitCode
      search: $search
      currentPage: $currentPage
      rows: $rows
      sort: $sort
      direction: $direction
    ) {
      items {
        id
        number
        kind
        status
        requesterName
        donatedOn
        amount
        unitNameTh
        unitNameEn
        linkedNumber
        createdAt
      }
      total
    }
  }
`);

export const ReceiptRequestDetailsFields = graphql(`
  fragment ReceiptRequestDetailsFields on ReceiptRequest {
    id
    number
    kind
    status
    requesterType
    requesterName
    taxId
    email
    phone
    donatedOn
    amount
    items {
      description
      quantity
      unit
    }
    delivery
    postalAddress
    note
    unitCode
    unitNameTh
    unitNameEn
    linkedNumber
    createdAt
    consent {
      noticeVersion
      givenAt
      channel
    }
    allowedActions
    history {
      action
      fromStatus
      toStatus
      reason
      actorName
      at
    }
    attachments {
      id
      fileName
      mediaType
      size
      createdAt
      url
    }
    linkedDonation {
      ...ReceiptRequestDonationFields
    }
  }
`);

export const ReceiptRequestDonationFields = graphql(`
  fragment ReceiptRequestDonationFields on ReceiptRequestDonation {
    documentType
    id
    number
    status
    donatedOn
    amount
    unitNameTh
    unitNameEn
    donorName
    donorTaxId
    sameTaxId
    receiptNumber
    receiptVoid
    linkedRequestNumber
    notReadyTh
    notReadyEn
  }
`);

export const ReceiptRequestQuery = graphql(`
  query ReceiptRequest($id: Int!) {
    receiptRequest(id: $id) {
      ...ReceiptRequestDetailsFields
    }
  }
`);

export const ReceiptRequestCandidatesQuery = graphql(`
  query ReceiptRequestCandidates($id: Int!) {
    receiptRequestCandidates(id: $id) {
      ...ReceiptRequestDonationFields
    }
  }
`);

export const ActOnReceiptRequestMutation = graphql(`
  mutation ActOnReceiptRequest($id: Int!, $input: ReceiptRequestActionInput!) {
    actOnReceiptRequest(id: $id, input: $input) {
      ...ReceiptRequestDetailsFields
    }
  }
`);
