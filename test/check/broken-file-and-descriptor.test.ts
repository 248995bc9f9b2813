import { describe } from 'vitest';
import { testBrokenCases } from './broken-run.js';
import { FILE_AND_DESCRIPTOR_CASES } from './cases.js';

describe('check-provider catches each broken rule: file and descriptor', () => {
  testBrokenCases(FILE_AND_DESCRIPTOR_CASES);
});
