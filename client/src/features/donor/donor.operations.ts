import { graphql } from '../../gql';

// The donor's own pages (/user/donation-history, group UG-I01): the history with receipts and the
// totals per tax year, the links to donor records that decide what it holds, and the donor's own
// personal data with the deletion request.

export const MyDonationHistoryQuery = graphql(`
  query MyDonationHistory {
    myDonationHistory {
      donors {
        id
        code
        donorType
        nameTh
        nameEn
        taxId
        linkedAt
        method
      }
      donations {
        kind
        documentType
        id
        number
        donatedOn
        status
        statusLabelTh
        statusLabelEn
        objectiveLabelTh
        objectiveLabelEn
        unitNameTh
        unitNameEn
        value
        donorCode
        donorNameTh
        receipt {
          id
          kind
          number
          issuedOn
          amount
          void
          pdfUrl
        }
      }
      taxYears {
        year
        moneyTotal
        moneyCount
        goodsTotal
        goodsCount
        total
      }
    }
  }
`);

export const LinkDonorRecordMutation = graphql(`
  mutation LinkDonorRecord($taxId: String!) {
    linkDonorRecord(taxId: $taxId) {
      status
      donor {
        id
        code
        nameTh
      }
    }
  }
`);

export const ConfirmDonorLinkMutation = graphql(`
  mutation ConfirmDonorLink($taxId: String!, $code: String!) {
    confirmDonorLink(taxId: $taxId, code: $code) {
      id
      code
      nameTh
    }
  }
`);

export const UnlinkDonorRecordMutation = graphql(`
  mutation UnlinkDonorRecord($donatorId: ID!) {
    unlinkDonorRecord(donatorId: $donatorId)
  }
`);

export const MyPersonalDataQuery = graphql(`
  query MyPersonalData {
    myPersonalData {
      exportedAt
      noticeVersion
      account {
        id
        username
        email
        titleTh
        firstNameTh
        lastNameTh
        citizenId
        phone
        createdAt
        lastLoginAt
      }
      donors {
        id
        code
        donorType
        nameTh
        nameEn
        taxId
        phone
        email
        address
        linkedAt
        linkMethod
      }
      donations {
        kind
        number
        donatedOn
        statusLabelTh
        statusLabelEn
        value
        unitNameTh
        unitNameEn
        channel
        email
        receiptDelivery
        receiptAddress
        receipt {
          number
          issuedOn
          donorName
          donorTaxId
          donorAddress
          void
        }
      }
      consents {
        givenAt
        channel
        noticeVersion
        purpose
        email
      }
      requests {
        id
        kind
        status
        statusLabelTh
        reason
        requestedAt
        decidedAt
        decisionNote
      }
      receiptRequests {
        number
        kind
        unitNameTh
        donatedOn
        amount
        items {
          description
          quantity
          unit
        }
        delivery
        status
        statusLabelTh
        createdAt
        updatedAt
        requesterType
        requesterName
        taxId
        email
        phone
        address
        note
      }
    }
  }
`);

export const RequestPersonalDataDeletionMutation = graphql(`
  mutation RequestPersonalDataDeletion($reason: String) {
    requestPersonalDataDeletion(reason: $reason) {
      id
      status
    }
  }
`);
