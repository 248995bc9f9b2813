import { describe } from 'vitest';
import { testBrokenCases } from './broken-run.js';
import { ANSWER_CASES } from './cases.js';

describe('check-provider catches each broken rule: answer', () => {
  testBrokenCases(ANSWER_CASES);
});
