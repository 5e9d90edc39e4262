// The front door of this feature: what other features and the routes may use (issue 23).
export { AboutPage } from './about-page';
export { PdpaPage } from './pdpa-page';
