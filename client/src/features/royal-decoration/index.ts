// The front door of this feature: what other features and the routes may use (issue 23).
export { DecorationClassesSection } from './decoration-classes-section';
export { DonationChoiceSelect } from './donation-choice-select';
export { EligibleDonorsSection } from './eligible-donors-section';
