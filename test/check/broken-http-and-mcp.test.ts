import { describe } from 'vitest';
import { testBrokenCases } from './broken-run.js';
import { HTTP_AND_MCP_CASES } from './cases.js';

describe('check-provider catches each broken rule: http and mcp', () => {
  testBrokenCases(HTTP_AND_MCP_CASES);
});
