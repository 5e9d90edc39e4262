import type { MenuCode } from '@namjai/common/menu-catalogue';
/**
 * Environment profiles (specification sec. 9): chosen from the page's host name, each gives the
 * external food/report site host and the bot-check site key.
 *
 * Configuration is read at build time from Vite env variables, so one image per environment needs
 * no code change:
 * - VITE_PROFILE_HOSTS_PRODUCTION / _UAT / _TEST: comma-separated host names of that profile;
 * - VITE_EXTERNAL_SITE_HOST_<PROFILE>: e.g. https://food.example.go.th (no trailing slash);
 * - VITE_BOT_CHECK_SITE_KEY_<PROFILE> and VITE_BOT_CHECK_PROVIDER_<PROFILE> (turnstile, the default,
 *   or recaptcha); the server checks the tokens with BOT_CHECK_PROVIDER and BOT_CHECK_SECRET;
 * - VITE_MAP_TILE_URL_<PROFILE> (a Leaflet tile template such as https://tile.example/{z}/{x}/{y}.png)
 *   and VITE_MAP_TILE_ATTRIBUTION_<PROFILE>: the near-me map's tiles; without one the map draws the
 *   bundled outline of Thailand and needs no internet;
 * - VITE_DIRECTIONS_URL_<PROFILE>: the directions link of a donation point, with {lat} and {lon}
 *   (default: OpenStreetMap's directions to the point; a link the visitor follows, never fetched).
 * Any host not listed (localhost, 127.0.0.1 included) is `dev`, which works offline: its external
 * host is a placeholder on this site and no real host means logout stays in the app.
 */
export type EnvironmentName = 'production' | 'uat' | 'test' | 'dev';

export interface EnvironmentProfile {
  name: EnvironmentName;
  /** Base URL of the external food/report site. */
  externalSiteHost: string;
  /** False for the offline placeholder: logout then stays in the app. */
  externalSiteConfigured: boolean;
  /** Null means no bot check (the `none` provider of development and tests). */
  botCheckSiteKey: string | null;
  botCheckProvider: 'turnstile' | 'recaptcha';
  /** Null: no tile server, the near-me map draws the bundled outline of Thailand (works offline). */
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  /** The directions link of a donation point, with {lat} and {lon} for the point. */
  directionsUrlTemplate: string;
}

/** OpenStreetMap's directions page with the destination filled in and the start left to the visitor. */
export const DEFAULT_DIRECTIONS_URL = 'https://www.openstreetmap.org/directions?route=%3B{lat}%2C{lon}';

export const DEV_EXTERNAL_SITE_HOST = 'http://localhost:3000/external-site-not-configured';

type EnvValues = Partial<Record<string, string | boolean | undefined>>;

const CONFIGURED_PROFILES: readonly Exclude<EnvironmentName, 'dev'>[] = ['production', 'uat', 'test'];

export function resolveEnvironmentProfile(
  hostname: string = globalThis.location?.hostname ?? 'localhost',
  env: EnvValues = import.meta.env,
): EnvironmentProfile {
  const host = hostname.toLowerCase();
  const name = CONFIGURED_PROFILES.find((profile) => hostsOf(env, profile).includes(host)) ?? 'dev';
  const suffix = name.toUpperCase();
  const configuredHost = text(env[`VITE_EXTERNAL_SITE_HOST_${suffix}`]);
  return {
    name,
    externalSiteHost: (configuredHost ?? DEV_EXTERNAL_SITE_HOST).replace(/\/+$/, ''),
    externalSiteConfigured: configuredHost !== null,
    botCheckSiteKey: text(env[`VITE_BOT_CHECK_SITE_KEY_${suffix}`]),
    botCheckProvider:
      text(env[`VITE_BOT_CHECK_PROVIDER_${suffix}`]) === 'recaptcha' ? 'recaptcha' : 'turnstile',
    mapTileUrl: text(env[`VITE_MAP_TILE_URL_${suffix}`]),
    mapTileAttribution: text(env[`VITE_MAP_TILE_ATTRIBUTION_${suffix}`]),
    directionsUrlTemplate: text(env[`VITE_DIRECTIONS_URL_${suffix}`]) ?? DEFAULT_DIRECTIONS_URL,
  };
}

/** Where the browser goes after logout: the external site's logout, when there is a real one. */
export function externalLogoutUrl(profile: EnvironmentProfile): string | null {
  return profile.externalSiteConfigured ? `${profile.externalSiteHost}/pdp/logout` : null;
}

/** The external site's login for a report entry, with the one-time token. */
export function externalMenuUrl(profile: EnvironmentProfile, menuCode: MenuCode, token: string): string {
  const query = new URLSearchParams({ menu: menuCode, token });
  return `${profile.externalSiteHost}/pdp/login?${query.toString()}`;
}

function hostsOf(env: EnvValues, profile: string): string[] {
  return (text(env[`VITE_PROFILE_HOSTS_${profile.toUpperCase()}`]) ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

function text(value: string | boolean | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
