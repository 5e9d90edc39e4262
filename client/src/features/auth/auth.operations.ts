import { graphql } from '../../gql';

export const ForgotPasswordMutation = graphql(`
  mutation ForgotPassword($email: String!) {
    forgotPassword(email: $email)
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword)
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input)
  }
`);

export const ActivateAccountMutation = graphql(`
  mutation ActivateAccount($xcode: String!) {
    activateAccount(xcode: $xcode)
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`);

// Outside production the server lists a demo account per seeded group (the demo banner).
export const DemoAccountsQuery = graphql(`
  query DemoAccounts {
    demoAccounts {
      username
      password
      kind
      groupCode
      groupName
    }
  }
`);

export const RegisterDonorMutation = graphql(`
  mutation RegisterDonor($input: DonorRegisterInput!) {
    registerDonor(input: $input)
  }
`);
