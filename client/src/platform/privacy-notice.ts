import { DEFAULT_DPO_CONTACT, type DpoContact, PRIVACY_NOTICE_VERSION } from '@namjai/common/privacy-notice';

/**
 * The privacy notice (/pdpa): its version, the one the server records with every consent
 * (common/data/privacy-notice.json, read by both), and the data protection officer's contact.
 * The contact is configured per deployment at build time (Vite env), the file's values by default:
 * VITE_DPO_NAME_TH, VITE_DPO_NAME_EN, VITE_DPO_EMAIL, VITE_DPO_PHONE, VITE_DPO_ADDRESS_TH,
 * VITE_DPO_ADDRESS_EN.
 */
export type { DpoContact };

export { PRIVACY_NOTICE_VERSION };

type EnvValues = Partial<Record<string, string | boolean | undefined>>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function dpoContact(env: EnvValues = import.meta.env): DpoContact {
  const d = DEFAULT_DPO_CONTACT;
  return {
    nameTh: text(env.VITE_DPO_NAME_TH) ?? d.nameTh,
    nameEn: text(env.VITE_DPO_NAME_EN) ?? d.nameEn,
    email: text(env.VITE_DPO_EMAIL) ?? d.email,
    phone: text(env.VITE_DPO_PHONE) ?? d.phone,
    addressTh: text(env.VITE_DPO_ADDRESS_TH) ?? d.addressTh,
    addressEn: text(env.VITE_DPO_ADDRESS_EN) ?? d.addressEn,
  };
}
