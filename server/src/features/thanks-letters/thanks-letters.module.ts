import type { EntitySchema } from '@mikro-orm/core';
import type { FeatureModule } from '../../platform/module';
import { ThanksLetterResolver } from './thanks-letter.resolver';
import { thanksLetterRoutes } from './thanks-letter.routes';
import { ThanksLetterPrintSchema } from './thanks-letters';

/**
 * Thanks letters (view-thanks-letter-list MN-148; report 4.6 renders them with printThanksLetter):
 * the list of approved donations and a letter per donation as PDF through the receipts' PDF path.
 */
export const thanksLettersModule: FeatureModule = {
  name: 'thanks-letters',
  entities: [ThanksLetterPrintSchema as unknown as EntitySchema],
  resolvers: [ThanksLetterResolver],
  routes: (deps) => thanksLetterRoutes(deps),
  describeAccess: () => [
    'Query.thanksLetters and GET /api/thanks-letters/:kind/:id/pdf: only approved donations whose owner unit is in the caller’s data scope (else 404)',
  ],
};
