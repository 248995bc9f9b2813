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

/** Made-up base64url of a JSON object, as a JWT's parts are. */
const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A made-up JSON Web Token: a header, a payload and a signature-shaped tail. */
export const FAKE_JWT = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'ada', exp: 1900000000 })}.${'Qk4xN2tYp9Lm_Zr3'.repeat(2)}`;
/** Forty random-looking hex digits, as an API key or access token is often written. */
const HEX = '9f86d081884c7d659a2feaa0c55ad0153c2b8e41';

/** Common ways secrets are written that no service's format gives away (docs/reliability.md, the second outside audit, 7), each with the kind reported. */
export const FORMS = {
  cardDots: { text: '4111.1111.1111.1111', kind: 'payment card number' },
  cardNbsp: { text: '4111\u00a01111\u00a01111\u00a01111', kind: 'payment card number' },
  cardThinSpace: { text: '5555\u202f5555\u202f5555\u202f4444', kind: 'payment card number' },
  cardFullWidth: { text: '\uff14\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11\uff11', kind: 'payment card number' },
  cardZeroWidth: { text: '4111\u200b1111\u200b1111\u200b1111', kind: 'payment card number' },
  apiKeyHex: { text: `api_key=${HEX}`, kind: 'API key or token' },
  accessTokenHex: { text: `"access_token": "${HEX}"`, kind: 'API key or token' },
  headerApiKey: { text: `X-Api-Key: ${HEX.slice(0, 32)}`, kind: 'API key or token' },
  bearerJwt: { text: `Authorization: Bearer ${FAKE_JWT}`, kind: 'JSON Web Token' },
  bearerOpaque: { text: 'Authorization: Bearer 7Fq2zLw9Xk4Rt8Nb3Vm6Hc1Jd5Sg0Pa', kind: 'bearer token' },
  basicAuth: { text: 'Authorization: Basic YWRhOmh1bnRlcjIyc2VjcmV0', kind: 'password in an Authorization header' },
  passwordAssigned: { text: 'DB_PASSWORD=Tr0ub4dor&3x', kind: 'password' },
} as const;

/**
 * Text a code editor, a mail or a document shows every day that holds no secret: prose about
 * keys and tokens, UUIDs, commit hashes, checksums, versions, decimals, placeholders.
 */
export const NOT_SECRETS = [
  'The token of our thanks: a key to the city, handed over by the bearer of good news.',
  'Set api_key in your settings, then pass the token to the client.',
  'request 550e8400-e29b-41d4-a716-446655440000 and 6ba7b810-9dad-11d1-80b4-00c04fd430c8 failed',
  'commit 3f9c2a7b1d4e6f80a1b2c3d4e5f60718293a4b5c (HEAD -> main)',
  'git checkout e83c5163316f89bfbde7d9ab23ca2e25604af290',
  '"integrity": "sha512-7c4a8d09ca3762af61e59520943dc26494f8941b27f1c3d0"',
  'const sha = "d2a84f4b8b650937ec8f73cd8be2c74add5a911ba64df27458ed8229da804a26";',
  'version 4.1.12.1234, pi is 3.14159265358979, and the build is 2026.12.01.0930',
  'password: ********',
  'token: undefined; tokens: 1500; max_tokens=4096; tokenizer: cl100k_base',
  'api_key=${OPENAI_API_KEY}',
  'password = <your password here>',
];
