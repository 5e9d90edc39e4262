import { lazy } from 'react';
import type { FeatureScreens } from '../../ui/app-shell/feature-screen-props';

/**
 * Sections a feature adds below another feature's screen, by catalogue key: the screen stays the
 * owner's (the reference kit's edit-donator list), the section is loaded only when that key is
 * opened. The key's permission check has passed; each section's own server calls are checked again.
 */
export const FEATURE_SECTIONS: Readonly<Record<string, FeatureScreens[string][]>> = {
  // Deletion requests of donors (PDPA) are handled by those who may edit donors (MN-020).
  'edit-donator': [
    lazy(async () => ({
      default: (await import('../personal-data')).DeletionRequestsSection,
    })),
  ],
  // Royal decoration (docs/royal-decoration.md): the eligible donors below the kit's proposals, and
  // the classes' values (changed on the edit screen).
  'add-royal-decoration': [
    lazy(async () => ({
      default: (await import('../royal-decoration')).EligibleDonorsSection,
    })),
  ],
  'edit-royal-decoration': [
    lazy(async () => ({
      default: (await import('../royal-decoration')).DecorationClassesSection,
    })),
  ],
  'view-royal-decoration': [
    lazy(async () => ({
      default: (await import('../royal-decoration')).EligibleDonorsSection,
    })),
    lazy(async () => ({
      default: (await import('../royal-decoration')).DecorationClassesSection,
    })),
  ],
};
