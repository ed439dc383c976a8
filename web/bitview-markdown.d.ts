// Types for bitview-markdown.js: ```bitboard blocks into <bitboard-view>.

/** The keys a block line may use, and the attribute each sets (expr adds to show). */
export const KEYS: Readonly<Record<string, string>>;
/** Reads a block's text into the element's attributes and one message per line not understood. */
export function parseBlock(text: string): { attributes: Record<string, string>; problems: string[] };
/** Upgrades every block under root (default: the document) and returns the new elements. */
export function upgrade(root?: ParentNode): HTMLElement[];
