// Types for bitview-markdown.js: ```bitboard blocks into <bitboard-view>.

/** The keys a block line may use, and the attribute each sets (expr adds to show). */
export const KEYS: Readonly<Record<string, string>>;
/** Reads a block's text into the element's attributes and one message per wrong line (a block with any is not drawn). */
export function parseBlock(text: string): { attributes: Record<string, string>; problems: string[] };
/** Upgrades every block under root (default: the document) and returns the new elements; a block with a wrong line stays as it is, its problems listed before it. */
export function upgrade(root?: ParentNode): HTMLElement[];
