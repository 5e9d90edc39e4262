export const catalogueFile: string;
export const generatedFile: string;
export function renderMenuCodes(entries: readonly { code: unknown }[]): string;
