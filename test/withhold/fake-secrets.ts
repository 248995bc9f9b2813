// Secrets in the formats the detectors know, made up and assembled at run time (no real key,
// and no key-shaped literal in the repository for a scanner to trip over).

/** One made-up secret of each kind Glance holds back, with the kind it is reported as. */
export const FAKE = {
  github: { text: `ghp_${'A1b2'.repeat(9)}`, kind: 'GitHub token' },
  anthropic: { text: `sk-ant-api03-${'Zx9_'.repeat(23)}a-AA`, kind: 'Anthropic API key' },
  slack: { text: `xoxb-123456789012-1234567890123-${'aB3dE'.repeat(5)}`, kind: 'Slack token' },
  openai: { text: `sk-proj-${'Ab3_'.repeat(18)}AbT3BlbkFJ${'Cd4-'.repeat(18)}Cd`, kind: 'OpenAI API key' },
  privateKey: { text: `-----BEGIN RSA PRIVATE KEY-----\nMIIEow${'IBAAKCAQEAr7Qx'.repeat(12)}\n-----END RSA PRIVATE KEY-----`, kind: 'private key' },
  urlPassword: { text: 'https://ada:hunter22secret@example.com/repo.git', kind: 'password in a URL' },
  /** Visa's test number, written in groups of four. */
  cardSpaces: { text: '4111 1111 1111 1111', kind: 'payment card number' },
  cardDashes: { text: '5555-5555-5555-4444', kind: 'payment card number' },
  cardPlain: { text: '378282246310005', kind: 'payment card number' },
} as const;

/** Numbers that look like cards and are not: Luhn fails, no brand begins so, mixed separators. */
export const NOT_CARDS = ['4111 1111 1111 1112', '9111111111111111', '1234567812345670', '4111-1111 1111-1111', '2026-12-01 09:30:00', '+1 415 555 0100'];
