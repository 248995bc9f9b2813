// The plug-in layer every context source shares (app/sources): what a consent lets a source
// read, which source a later one may follow, and one function per source for a collected
// context. collectFrontApp itself runs against real apps in test/accessibility/front-app.test.ts.
import { describe, expect, it } from 'vitest';
import { accessibilityPlugin } from '../../app/accessibility/collect.js';
import { createAccessibilityReader } from '../../app/os/accessibility/index.js';
import { createOs } from '../../app/os/index.js';
import { providerPlugin } from '../../app/invocation/plugin.js';
import type { ProviderCollection } from '../../app/invocation/types.js';
import { bySource } from '../../app/sources/by-source.js';
import { mayRead } from '../../app/sources/plugin.js';
import type { ContextSource } from '../../app/sources/source.js';
import type { Collected } from '../../app/sources/types.js';
import { unreachableSource } from '../helpers/sources.js';

const app = { pid: 4242, name: 'Preview' };
const answer = { protocol: '0.2.0', instance: 'i1', root: { id: 'app', role: 'Application' as const, title: 'Preview' } };
const provider = { protocol: '0.2.0', bundleId: 'com.example.preview', name: 'Preview', version: '1.0', pid: 4242, instance: 'i1', endpoint: 'http://127.0.0.1:1/mcp' };

describe('a source plug-in', () => {
  it('reads under a consent only as the user allowed: none and always read, ask only with this press\'s grant, never not even with it', () => {
    expect([false, true].map((granted) => mayRead('none', granted))).toEqual([true, true]);
    expect([false, true].map((granted) => mayRead('always', granted))).toEqual([true, true]);
    expect([false, true].map((granted) => mayRead('ask', granted))).toEqual([false, true]);
    expect([false, true].map((granted) => mayRead('never', granted))).toEqual([false, false]);
  });

  it('the provider needs no consent, and passes the app on only when it has no descriptor at all', async () => {
    const plugin = providerPlugin();
    expect(plugin.kind).toBe('provider');
    expect(await plugin.consent({ ...app, bundleId: provider.bundleId }, { os: createOs(), env: {} })).toEqual({ consent: 'none' });
    const outcomes: ProviderCollection[] = [
      { kind: 'collected', app, provider, answer, warnings: [], ignored: [], source: unreachableSource },
      { kind: 'ruled-out', app, provider, rule: 'never', reason: 'your rule' },
      { kind: 'no-provider', app, reason: 'Preview does not share context with Glance' },
      // Descriptors name this very process and each failed a check: the app means to share context itself.
      { kind: 'ignored', app, reasons: ['a descriptor failed a check'] },
      { kind: 'no-answer', app, provider, reason: 'no answer', timedOut: true },
      { kind: 'refused', app, provider, reason: 'refused' },
      { kind: 'cancelled', app },
    ];
    expect(outcomes.filter((outcome) => plugin.passes(outcome)).map((outcome) => outcome.kind)).toEqual(['no-provider']);
  });

  it('the accessibility layer is the last source: it passes nothing on', async () => {
    const reader = createAccessibilityReader({ env: {}, permissionHolder: 'terminal' });
    try {
      const plugin = accessibilityPlugin({ reader, granted: true });
      expect(plugin.kind).toBe('accessibility');
      expect(plugin.passes({ kind: 'unreadable', app, code: 'not-on-bus', reason: 'not on the bus', timedOut: false })).toBe(false);
    } finally {
      await reader.close();
    }
  });

  it('gives a collected context to the function for the source that read it', () => {
    const read: ContextSource<'accessibility'> = { kind: 'accessibility', locate: unreachableSource.locate };
    const fromProvider: Collected = { kind: 'collected', app, provider, answer, warnings: [], ignored: [], source: unreachableSource };
    const throughAccessibility: Collected = { kind: 'collected', app, source: read, identity: { bundleId: 'com.apple.Preview', name: 'Preview', pid: 4242 }, answer, warnings: [], ignored: [] };
    const named = (collected: Collected): string => bySource(collected, {
      provider: (c) => `provider ${c.provider.bundleId}`,
      accessibility: (c) => `accessibility ${c.identity.bundleId}`,
    });
    expect([fromProvider, throughAccessibility].map(named)).toEqual(['provider com.example.preview', 'accessibility com.apple.Preview']);
  });
});
