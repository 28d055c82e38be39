/** The marker the server puts in place of an invalid block in a preview, so editors see what is wrong. */
export const INVALID_BLOK = "_invalid_blok";
