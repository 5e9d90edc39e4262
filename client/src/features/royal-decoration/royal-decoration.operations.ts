import { graphql } from '../../gql';

// Royal decoration proposals (MN-107..MN-110, docs/royal-decoration.md): the classes and their
// values, the eligible donors (report 4.5), and a draft started from that list. The proposals
// themselves are the document kit's screens.

export const RoyalDecorationClassesQuery = graphql(`
  query RoyalDecorationClasses {
    royalDecorationClasses {
      code
      rank
      nameTh
      nameEn
      abbreviation
      minValue
    }
  }
`);

export const SetRoyalDecorationClassValueMutation = graphql(`
  mutation SetRoyalDecorationClassValue($code: String!, $minValue: String!) {
    setRoyalDecorationClassValue(code: $code, minValue: $minValue) {
      code
      minValue
    }
  }
`);

export const RoyalDecorationEligibleDonorsQuery = graphql(`
  query RoyalDecorationEligibleDonors($fiscalYear: Int) {
    royalDecorationEligibleDonors(fiscalYear: $fiscalYear) {
      fiscalYear
      donors {
        donorId
        donorCode
        donorNameTh
        donorNameEn
        donationCount
        totalValue
        classCode
      }
    }
  }
`);

export const StartRoyalDecorationProposalMutation = graphql(`
  mutation StartRoyalDecorationProposal($donorId: Int!, $fiscalYear: Int, $idempotencyKey: String) {
    startRoyalDecorationProposal(donorId: $donorId, fiscalYear: $fiscalYear, idempotencyKey: $idempotencyKey) {
      id
      number
    }
  }
`);

/**
 * The pick list of a proposal line's donation field: the chosen donor's approved donations of that
 * type that the proposal may count (the server's save rule), newest first.
 */
export const RoyalDecorationDonationChoicesQuery = graphql(`
  query RoyalDecorationDonationChoices(
    $donor: Int!
    $proposalYear: Int!
    $documentType: DocumentTypeName!
    $proposal: Int
  ) {
    royalDecorationDonationChoices(
      donor: $donor
      proposalYear: $proposalYear
      documentType: $documentType
      proposal: $proposal
    ) {
      documentType
      id
      number
      donatedOn
      donorNameTh
      donorNameEn
      value
    }
  }
`);

/**
 * The proposal's header fields its donation choices read (donation-choice-select.tsx): codegen checks
 * the names against the typed schema (RoyalDecorationDocumentHeader), and the code names them through
 * the generated fragment type, so a misspelt field fails `npm run typecheck` (docs/typed-documents.md).
 */
export const RoyalDecorationChoiceHeaderFragment = graphql(`
  fragment RoyalDecorationChoiceHeader on RoyalDecorationDocumentHeader {
    donor {
      id
    }
    proposalYear
  }
`);
