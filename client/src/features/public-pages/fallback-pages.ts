// The second front door of public-pages: the root route's lazy fallbacks (not found, error). They
// have a door of their own so loading one does not take the about and PDPA pages along (issue 23).
export { ErrorPage } from './error-page';
export { NotFoundPage } from './not-found-page';
