// The front door of this feature: what other features and the routes may use (issue 23).
export { DeletionRequestsSection } from './deletion-requests-section';
