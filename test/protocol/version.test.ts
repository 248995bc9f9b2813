// docs/protocol.md, "Versions": MAJOR.MINOR.PATCH without leading zeros; the host supports 0.2.x.
import { describe, expect, it } from 'vitest';
import { isSupportedVersion, parseVersion, PROTOCOL_VERSION, SUPPORTED_RANGE } from '@app-context/provider-kit/protocol';

describe('the version rule', () => {
  it('speaks 0.2.0 and names the range 0.2.x', () => {
    expect(PROTOCOL_VERSION).toBe('0.2.0');
    expect(SUPPORTED_RANGE).toBe('0.2.x');
  });

  it.each(['0.2.0', '0.2.7', '0.2.10', '0.2.123456'])('supports %s', (version) => {
    expect(isSupportedVersion(version)).toBe(true);
  });

  it.each([
    '0.3.0', '1.2.0', '0.1.9', '1.0.0', '2.2.0', '0.20.0',
    '0.2', '0.2.0.0', '00.2.0', '0.02.0', '0.2.00', '0.2.07', '0.2.0-beta', '0.2.0+build', 'v0.2.0',
    ' 0.2.0', '0.2.0 ', '0.2.0\n', '0..2', '0.2.x', '', '٠.٢.٠',
  ])('does not support %j', (version) => {
    expect(isSupportedVersion(version)).toBe(false);
  });

  it.each([null, undefined, 0.2, 2, ['0.2.0'], { major: 0, minor: 2 }])('does not support the non-string %j', (version) => {
    expect(isSupportedVersion(version)).toBe(false);
    expect(parseVersion(version)).toBeUndefined();
  });

  it('parses the three parts', () => {
    expect(parseVersion('0.2.7')).toEqual({ major: 0, minor: 2, patch: 7 });
    expect(parseVersion('10.20.30')).toEqual({ major: 10, minor: 20, patch: 30 });
    expect(parseVersion('1.02.3')).toBeUndefined();
  });
});
