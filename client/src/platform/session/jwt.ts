/**
 * Reads the expiry of a JWT without verifying it: the client only needs to know when to refresh;
 * the server verifies every token it receives. Returns epoch milliseconds, or null when the token
 * is not a readable JWT.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(decodeBase64Url(payload)) as unknown;
    if (typeof json !== 'object' || json === null || !('exp' in json)) return null;
    const exp = (json as { exp: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
