import type { EntitySchema } from '@mikro-orm/core';
import type { ReferenceRow } from '../reference/reference-kit';

// The reference rows the ledger counts by: stock per storage and resource (a missing/excess line
// with its reason), money per account. The types are declared in a feature (features/reference);
// its module names them (`ledgerTargets`) and server/src/registry.ts hands them here before the
// ORM discovers the entities, so the ledger kit never imports a feature. The ledger entities read
// them lazily (defineEntity's property thunks run at discovery).

/** What a feature module gives the ledger kit. */
export interface LedgerKitContribution {
  ledgerTargets?: LedgerTargets;
}

export interface LedgerTargets {
  storage: EntitySchema<ReferenceRow>;
  resource: EntitySchema<ReferenceRow>;
  moneyAccount: EntitySchema<ReferenceRow>;
  missingExcessReason: EntitySchema<ReferenceRow>;
}

let targets: LedgerTargets | undefined;

/** The registry calls this once with the one module's targets. */
export function registerLedgerTargets(given: readonly LedgerTargets[]): void {
  if (given.length !== 1)
    throw new Error(`The ledger needs its reference targets from exactly one module (got ${given.length})`);
  [targets] = given;
}

export function ledgerTarget(name: keyof LedgerTargets): EntitySchema<ReferenceRow> {
  if (!targets) throw new Error('The ledger read its reference targets before the registry handed them over');
  return targets[name];
}
