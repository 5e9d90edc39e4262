// LIKE and ILIKE treat % and _ as wildcards and \ as their escape (PostgreSQL's default). Text a
// person typed is matched literally: every search builds its pattern here.

/** The text with LIKE's wildcards and escape character escaped. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches values that contain the text. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** Matches values that start with the text. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;
