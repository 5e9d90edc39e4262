import notice from '../data/privacy-notice.json' with { type: 'json' };

/**
 * The privacy notice (/pdpa): the version the server records with every consent and the page shows,
 * and the data protection officer's default contact (the client's build may configure another).
 */
export const PRIVACY_NOTICE_VERSION: string = notice.version;

export interface DpoContact {
  nameTh: string;
  nameEn: string;
  email: string;
  phone: string;
  addressTh: string;
  addressEn: string;
}

export const DEFAULT_DPO_CONTACT: Readonly<DpoContact> = notice.dpo;
