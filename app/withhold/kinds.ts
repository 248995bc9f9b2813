/**
 * The kind of secret an element held, as the panel, `ask --json` and the receipts name it:
 * a few words, never the secret. secretlint's rules are named by the service they know.
 */

/** Kinds found by Glance's own checks. */
export const CARD_NUMBER = 'payment card number';
export const PASSWORD = 'password';
/** A value a key named like an API key or token holds (names.ts). */
export const CREDENTIAL = 'API key or token';
/** A token Glance read from a provider's descriptor, this provider's or another's. */
export const PROVIDER_TOKEN = 'app-context provider token';
/** An API key for a model that Glance holds (the app's stored keys, `glance ask`'s from the environment). */
export const MODEL_API_KEY = 'model API key';
/** A secret Glance holds that was registered without a kind. */
export const HELD_SECRET = 'secret Glance holds';

/** The kinds of generic.ts's findings. */
export const GENERIC_KINDS = {
  jwt: 'JSON Web Token',
  bearer: 'bearer token',
  basic: 'password in an Authorization header',
  'assigned-key': CREDENTIAL,
  'assigned-password': PASSWORD,
} as const;

const SERVICE_KINDS: Record<string, string> = {
  '1password': '1Password service account token',
  anthropic: 'Anthropic API key',
  aws: 'AWS credential',
  basicauth: 'password in a URL',
  cloudflare: 'Cloudflare API token',
  'database-connection-string': 'database password',
  databricks: 'Databricks token',
  docker: 'Docker registry credential',
  figma: 'Figma token',
  gcp: 'Google Cloud credential',
  github: 'GitHub token',
  gitlab: 'GitLab token',
  grafana: 'Grafana token',
  groq: 'Groq API key',
  'hashicorp-vault': 'HashiCorp Vault token',
  huggingface: 'Hugging Face token',
  linear: 'Linear API key',
  notion: 'Notion token',
  npm: 'npm token',
  openai: 'OpenAI API key',
  privatekey: 'private key',
  sendgrid: 'SendGrid API key',
  shopify: 'Shopify token',
  slack: 'Slack token',
  stripe: 'Stripe key',
  tailscale: 'Tailscale key',
  vercel: 'Vercel token',
};

/** The kind for a secretlint rule id (`@secretlint/secretlint-rule-github`). */
export function kindOfRule(ruleId: string): string {
  const service = ruleId.replace(/^.*secretlint-rule-/, '');
  return SERVICE_KINDS[service] ?? `${service} secret`;
}
