// Types for bitview-markdown.js: ```bitboard blocks shown as <bitboard-view>.

/** The keys a block line may use, and the attribute each sets (expr adds to show). */
export const KEYS: Readonly<Record<string, string>>;
/** Reads a block's text into the element's attributes and one message per wrong line (a block with any is not drawn). */
export function parseBlock(text: string): { attributes: Record<string, string>; problems: string[] };
/**
 * Gives every block under root (default: the document) that has none yet its element, and
 * returns the new elements. The block stays, hidden: the element follows a bare <pre>, or
 * shows in a shadow root on the highlighter's wrapper that holds the block alone. A block
 * with a wrong line gets no element: it stays as it is, its problems listed before it.
 * Blocks a navigation brings later get theirs without a call (a MutationObserver).
 */
export function upgrade(root?: ParentNode): HTMLElement[];
