/**
 * The marks the panel puts on its page's performance timeline (renderer/src/paint-mark.ts),
 * read by the bench (bench/review.ts) from inside the page: the one name both sides share.
 */

/** A collected tree, painted in the review. */
export const TREE_PAINTED_MARK = 'glance:tree-painted';
