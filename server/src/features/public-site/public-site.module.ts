import type { FeatureModule } from '../../platform/module';
import { PublicFiguresResolver } from './public-figures.resolver';

/** What the public site reads that belongs to no single feature: the home page's figures. */
export const publicSiteModule: FeatureModule = {
  name: 'public-site',
  resolvers: [PublicFiguresResolver],
};
