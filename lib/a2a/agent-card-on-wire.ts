import type { AgentCard } from '@a2a-js/sdk';
import type { A2aSdk } from './load-a2a-sdk.js';

/**
 * The JSON served at `/.well-known/agent-card.json`: the v1.0 card, with the v0.3 card's fields
 * beside it (`url`, `preferredTransport`, `protocolVersion` of its first v0.3 interface), so that
 * a v1.0 client reads `supportedInterfaces` and a v0.3 client (ADK Python, @google/adk 2.0) finds
 * its endpoint too.
 *
 * @example
 * ```ts
 * agentCardOnWire(sdk, card); // { name, supportedInterfaces: [...], url: 'http://...', protocolVersion: '0.3.0', ... }
 * ```
 */
export function agentCardOnWire(sdk: A2aSdk, card: AgentCard): Record<string, unknown> {
  const v1 = sdk.core.AgentCard.toJSON(card) as Record<string, unknown>;
  const legacy = card.supportedInterfaces.find((entry) => entry.protocolVersion.startsWith('0.3')) ?? card.supportedInterfaces[0];
  if (!legacy) return v1;
  return { ...v1, url: legacy.url, preferredTransport: legacy.protocolBinding, protocolVersion: '0.3.0' };
}
