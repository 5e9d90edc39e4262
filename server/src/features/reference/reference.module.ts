import type { LedgerKitContribution } from '../../kits/ledger/ledger-targets';
import type { ReferenceKitContribution } from '../../kits/reference/reference-types';
import type { FeatureModule } from '../../platform/module';
import { seedDemoReferenceData } from './reference.seed';
import { referenceDataTypes } from './reference-data-types';
import { missingExcessReason } from './types/missing-excess-reason.reference';
import { moneyAccount } from './types/money-account.reference';
import { resource } from './types/resource.reference';
import { storage } from './types/storage.reference';

/** The basic-data types declared on the reference kit (kits/reference), and their demo rows. */
export const referenceModule: FeatureModule & ReferenceKitContribution & LedgerKitContribution = {
  name: 'reference-data',
  referenceTypes: referenceDataTypes,
  ledgerTargets: {
    storage: storage.entity,
    resource: resource.entity,
    moneyAccount: moneyAccount.entity,
    missingExcessReason: missingExcessReason.entity,
  },
  demoSeeds: [{ name: 'reference data', run: ({ em }) => seedDemoReferenceData(em) }],
};
