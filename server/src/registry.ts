// type-graphql's decorators need the metadata polyfill before any decorated class is evaluated.
import 'reflect-metadata';
import { commonListsModule } from './features/common-lists/common-lists.module';
import { disbursementApiModule } from './features/disbursement-api/disbursement-api.module';
import { disbursementsModule } from './features/disbursements/disbursements.module';
import { donateTransferModule } from './features/donate-transfer/donate-transfer.module';
import { donationApiModule } from './features/donation-api/donation-api.module';
import { donationHistoryModule } from './features/donation-history/donation-history.module';
import { goodsDonationsModule } from './features/donations/goods-donations.module';
import { donorAccountModule } from './features/donor-account/donor-account.module';
import { eDonationModule } from './features/e-donation/e-donation.module';
import { geographyModule } from './features/geography/geography.module';
import { givingOutModule } from './features/giving-out/giving-out.module';
import { identityModule } from './features/identity/identity.module';
import { inventoryModule } from './features/inventory/inventory.module';
import { moneyDonationsModule } from './features/money-donations/money-donations.module';
import { organisationModule } from './features/organisation/organisation.module';
import { pendingWorkModule } from './features/pending-work/pending-work.module';
import { personalDataModule } from './features/personal-data/personal-data.module';
import { provideResourceModule } from './features/provide-resource/provide-resource.module';
import { publicSiteModule } from './features/public-site/public-site.module';
import { receiptRequestsModule } from './features/receipt-requests/receipt-requests.module';
import { receiptsModule } from './features/receipts/receipts.module';
import { referenceModule } from './features/reference/reference.module';
import { reportsModule } from './features/reports/reports.module';
import { royalDecorationModule } from './features/royal-decoration/royal-decoration.module';
import { thanksLettersModule } from './features/thanks-letters/thanks-letters.module';
import { userGroupsModule } from './features/user-groups/user-groups.module';
import { usersModule } from './features/users/users.module';
import type { DocumentKitContribution } from './kits/documents/document-types';
import { documentsModule, registerDocumentTypes } from './kits/documents/documents.module';
import { ledgerModule } from './kits/ledger/ledger.module';
import { type LedgerKitContribution, registerLedgerTargets } from './kits/ledger/ledger-targets';
import { referenceKitModule, registerReferenceTypes } from './kits/reference/reference.module';
import type { ReferenceKitContribution } from './kits/reference/reference-types';
import { type ReportKitContribution, registerReports } from './kits/reports/reports';
import { reportKitModule } from './kits/reports/reports.module';
import { workflowModule } from './kits/workflow/workflow.module';
import type { AppDeps } from './platform/deps';
import type { ResolverClass } from './platform/graphql/schema';
import type { RestRoute } from './platform/http/rest';
import type { JobDefinition } from './platform/jobs/job-queue';
import type { FeatureModule, Seed } from './platform/module';
import { platformModule } from './platform/platform.module';

/**
 * The application: the platform and every feature module. Order matters for seeds only (geography
 * before units, the menu catalogue before groups, groups before accounts, units before reference data).
 */
export const modules: readonly (FeatureModule &
  DocumentKitContribution &
  ReferenceKitContribution &
  ReportKitContribution &
  LedgerKitContribution)[] = [
  platformModule,
  workflowModule,
  geographyModule,
  organisationModule,
  userGroupsModule,
  usersModule,
  identityModule,
  commonListsModule,
  referenceKitModule,
  referenceModule,
  ledgerModule,
  documentsModule,
  receiptsModule,
  inventoryModule,
  goodsDonationsModule,
  moneyDonationsModule,
  provideResourceModule,
  givingOutModule,
  disbursementsModule,
  donationHistoryModule,
  donationApiModule,
  disbursementApiModule,
  donateTransferModule,
  donorAccountModule,
  personalDataModule,
  receiptRequestsModule,
  eDonationModule,
  publicSiteModule,
  reportKitModule,
  reportsModule,
  royalDecorationModule,
  thanksLettersModule,
  pendingWorkModule,
];

// The kits learn the features' declarations before anything reads the modules' entities or resolvers.
registerReferenceTypes(modules.flatMap((m) => m.referenceTypes ?? []));
registerReports(modules.flatMap((m) => m.reports ?? []));
registerDocumentTypes(modules.flatMap((m) => m.documentTypes ?? []));
registerLedgerTargets(modules.flatMap((m) => (m.ledgerTargets ? [m.ledgerTargets] : [])));

export const entities = modules.flatMap((m) => m.entities ?? []);
export const resolvers: ResolverClass[] = modules.flatMap((m) => m.resolvers ?? []);
export const restRoutes = (deps: AppDeps): RestRoute[] => modules.flatMap((m) => m.routes?.(deps) ?? []);
export const referenceSeeds: Seed[] = modules.flatMap((m) => m.referenceSeeds ?? []);
export const demoSeeds: Seed[] = modules.flatMap((m) => m.demoSeeds ?? []);
export const jobDefinitions: JobDefinition[] = modules.flatMap((m) => m.jobs ?? []);
/** Access checked below the root fields, per module, for the access snapshot. */
export const serviceAccessLines = (): string[] => modules.flatMap((m) => m.describeAccess?.() ?? []);
