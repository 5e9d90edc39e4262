// The front door of this feature: what other features and the routes may use (issue 23).
export { ActivatePage } from './activate-page';
export { ChangePasswordMutation, DemoAccountsQuery } from './auth.operations';
export { DonorLoginPage } from './donor-login-page';
export { DonorSignupPage } from './donor-signup-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { changePasswordSchema } from './password.schema';
export { titleOptions } from './register.schema';
export { RegisterPage } from './register-page';
export { ResetPasswordPage } from './reset-password-page';
export { StaffLoginPage } from './staff-login-page';
