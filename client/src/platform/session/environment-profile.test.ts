import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DIRECTIONS_URL,
  DEV_EXTERNAL_SITE_HOST,
  externalLogoutUrl,
  externalMenuUrl,
  resolveEnvironmentProfile,
} from './environment-profile';

const env = {
  VITE_PROFILE_HOSTS_PRODUCTION: 'namjai.example.go.th, www.namjai.example.go.th',
  VITE_PROFILE_HOSTS_UAT: 'uat.namjai.example.go.th',
  VITE_EXTERNAL_SITE_HOST_PRODUCTION: 'https://food.example.go.th/',
  VITE_BOT_CHECK_SITE_KEY_PRODUCTION: 'site-key',
};

describe('environment profile', () => {
  it('is dev on localhost and on any host not configured, with the offline placeholder', () => {
    for (const host of ['localhost', '127.0.0.1', 'somewhere.example']) {
      const profile = resolveEnvironmentProfile(host, env);
      expect(profile.name, host).toBe('dev');
      expect(profile.externalSiteHost).toBe(DEV_EXTERNAL_SITE_HOST);
      expect(externalLogoutUrl(profile)).toBeNull();
      expect(profile.botCheckSiteKey).toBeNull();
    }
  });

  it('picks the profile by host name and uses its configured site', () => {
    const production = resolveEnvironmentProfile('WWW.namjai.example.go.th', env);
    expect(production.name).toBe('production');
    expect(externalLogoutUrl(production)).toBe('https://food.example.go.th/pdp/logout');
    expect(production.botCheckSiteKey).toBe('site-key');
    expect(externalMenuUrl(production, 'MN-113', 'a+b/c')).toBe(
      'https://food.example.go.th/pdp/login?menu=MN-113&token=a%2Bb%2Fc',
    );
    // UAT has hosts but no external site configured: logout stays in the app.
    const uat = resolveEnvironmentProfile('uat.namjai.example.go.th', env);
    expect(uat.name).toBe('uat');
    expect(externalLogoutUrl(uat)).toBeNull();
  });

  it('has no map tiles and OpenStreetMap directions unless the profile configures them', () => {
    const dev = resolveEnvironmentProfile('localhost', env);
    expect(dev.mapTileUrl).toBeNull();
    expect(dev.directionsUrlTemplate).toBe(DEFAULT_DIRECTIONS_URL);
    const production = resolveEnvironmentProfile('namjai.example.go.th', {
      ...env,
      VITE_MAP_TILE_URL_PRODUCTION: 'https://tiles.example.go.th/{z}/{x}/{y}.png',
      VITE_MAP_TILE_ATTRIBUTION_PRODUCTION: '© OpenStreetMap contributors',
      VITE_DIRECTIONS_URL_PRODUCTION: 'https://maps.example/dir/?dest={lat},{lon}',
    });
    expect(production).toMatchObject({
      mapTileUrl: 'https://tiles.example.go.th/{z}/{x}/{y}.png',
      mapTileAttribution: '© OpenStreetMap contributors',
      directionsUrlTemplate: 'https://maps.example/dir/?dest={lat},{lon}',
    });
  });
});
