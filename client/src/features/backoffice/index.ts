// The front door of this feature: what other features and the routes may use (issue 23).
export { ChangePasswordPage } from './change-password-page';
export { FeatureScreen } from './feature-screen';
export { FEATURE_SECTIONS } from './feature-sections';
export { LogoutPage } from './logout-page';
export { RedirectPage } from './redirect-page';
export { WelcomePage } from './welcome-page';
