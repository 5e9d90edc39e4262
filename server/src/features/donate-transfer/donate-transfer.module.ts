import type { FeatureModule } from '../../platform/module';
import { DonateTransferResolver } from './donate-transfer.resolver';
import { donateTransferRoutes } from './donate-transfer.routes';

/**
 * The public donation by bank transfer (/donate-money-by-bank-transfer, docs/donations.md): the
 * receiving units and their accounts, the PromptPay QR, and the form that reports a transfer with
 * its slip as a PENDING money donation for staff to verify.
 */
export const donateTransferModule: FeatureModule = {
  name: 'donate-transfer',
  resolvers: [DonateTransferResolver],
  routes: (deps) => donateTransferRoutes(deps),
  describeAccess: () => [
    'POST /api/public/donate-money-by-bank-transfer: creates a MONEY_DONATION (PENDING) as the public website (user id 0), holding only the type’s create codes and scoped to the unit of the account chosen; the slip is attached by the same transaction',
  ],
};
