/** What every entry of a fixed common list has: a stable code that documents store, and two names. */
export interface CommonListItem {
  code: string;
  nameTh: string;
  nameEn: string;
}

/** A Thai bank; `code` is its Bank of Thailand code, repeated as `botCode` for legacy callers. */
export interface BankItem extends CommonListItem {
  botCode: string;
  swift: string | null;
  shortName: string;
}

/** A donation objective; an event (flood, fire, …) names the objective it belongs to. */
export interface ObjectiveItem extends CommonListItem {
  parentCode: string | null;
}

export type ScreenStatusGroup = 'RESULT' | 'CLASSIFICATION';

/** A screening outcome of an item, or the urgency class given to accepted goods. */
export interface ScreenStatusItem extends CommonListItem {
  group: ScreenStatusGroup;
}
