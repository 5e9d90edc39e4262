// The front door of this feature: what other features and the routes may use (issue 23).
export { AboutPage } from './about-page';
export { ErrorPage } from './error-page';
export { NotFoundPage } from './not-found-page';
export { PdpaPage } from './pdpa-page';
