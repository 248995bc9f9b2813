/**
 * Payment card numbers: 13 to 19 digits, written together or in groups split by spaces or by
 * dashes (one kind of separator per number), beginning as a card brand's numbers begin, and
 * valid by the Luhn check. The brand prefixes keep order numbers, phone numbers and long ids
 * that happen to pass Luhn (one in ten does) from being taken for cards.
 */

/** Digits with at most one space or dash between them, not inside a longer number. */
const CANDIDATE = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

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
    if (separators.size > 1) continue;
    const digits = written.replace(/\D/g, '');
    if (digits.length < 13 || digits.length > 19 || !BRAND.test(digits) || !luhnValid(digits)) continue;
    found.push([match.index, match.index + written.length]);
  }
  return found;
}
