import { graphql } from '../../gql';

export const ReceivingUnitsQuery = graphql(`
  query DonationReceivingUnits {
    donationReceivingUnits {
      provinceId
      provinceNameTh
      provinceNameEn
      units {
        id
        code
        nameTh
        nameEn
        addressLine
        phone
        accounts {
          id
          nameTh
          nameEn
          bankCode
          bankNameTh
          bankNameEn
          accountNumber
          branch
          promptPay
        }
      }
    }
  }
`);

export const PromptPayQrQuery = graphql(`
  query PromptPayQr($moneyAccountId: Int!, $amount: String) {
    promptPayQr(moneyAccountId: $moneyAccountId, amount: $amount) {
      payload
      svg
      amount
    }
  }
`);

export const DonateTransferListsQuery = graphql(`
  query DonateTransferLists {
    banks: commonList(name: "bank") {
      code
      nameTh
      nameEn
    }
    objectives: commonList(name: "objective/event") {
      code
      nameTh
      nameEn
      parentCode
    }
  }
`);
