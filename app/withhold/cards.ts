/**
 * Payment card numbers: 13 to 19 digits, written together or in groups as cards print them
 * (fours; Amex's and Diners' 4-6-5 and 4-6-4), split by spaces, dashes or dots (one kind per
 * number), beginning as a card brand's numbers begin, and valid by the Luhn check. The brand
 * prefixes keep order numbers, phone numbers and long ids that happen to pass Luhn (one in ten
 * does) from being taken for cards; the groups keep decimals, versions and the digit groups of
 * a UUID out; a number glued to letters (a run of digits inside a commit hash) is not a card
 * either. The text comes normalised (walk.ts): full-width digits are digits, a non-breaking or
 * thin space is a space, a zero-width space is gone.
 */

/** Digits with at most one space, dash or dot between them, not inside a longer number, a decimal or a word. */
const CANDIDATE = /(?<![0-9A-Za-z])(?<!\d\.)\d(?:[ .-]?\d){12,18}(?![0-9A-Za-z])(?!\.\d)/g;
/** How a card's groups are printed: 4-4-4-4 (and a short fifth or fourth), 4-6-5 and 4-6-4, Visa's old 4-3-3-3. */
const GROUPED = /^(?:\d{4}(?:[ .-]\d{4}){2,3}(?:[ .-]\d{1,4})?|\d{4}[ .-]\d{6}[ .-]\d{4,5}|\d{4}[ .-]\d{3}[ .-]\d{3}[ .-]\d{3})$/;

/** Visa 4; Mastercard 51-55 and 2221-2720; Amex, Diners and JCB 3x; Discover, UnionPay and Maestro 5x and 6x. */
const BRAND = /^(?:4|5|6|3[0-9]|2(?:2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/;

/** True when the digits pass the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The [start, end) ranges of card numbers in the text. */
export function findCardNumbers(text: string): [number, number][] {
  const found: [number, number][] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const written = match[0];
    const separators = new Set(written.replace(/\d/g, ''));
    if (separators.size > 1 || (separators.size === 1 && !GROUPED.test(written))) continue;
    const digits = written.replace(/\D/g, '');
    if (digits.length < 13 || digits.length > 19 || !BRAND.test(digits) || !luhnValid(digits)) continue;
    found.push([match.index, match.index + written.length]);
  }
  return found;
}
