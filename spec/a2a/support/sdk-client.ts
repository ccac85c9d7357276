import type { AgentCard } from '@a2a-js/sdk';
import { type Client, ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';

/**
 * A client of the SDK's own (`ClientFactory`), speaking v1.0 or (through the SDK's compatibility
 * layer) v0.3: it reads the card at `url`, then keeps only the interface of that version. With a
 * `token`, every call carries `Authorization: Bearer <token>`.
 */
export async function sdkClientFor(url: string, version: '1.0' | '0.3', token?: string): Promise<{ client: Client; card: AgentCard }> {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ legacyCompat: { enabled: true } })],
      ...(token ? { clientConfig: { interceptors: [{ before: async (args: { options?: { serviceParameters?: Record<string, string> } }) => { args.options = { ...args.options, serviceParameters: { ...args.options?.serviceParameters, Authorization: `Bearer ${token}` } }; }, after: async () => {} }] } } : {}),
    } as never),
  );
  const card = await (await factory.createFromUrl(url)).getAgentCard();
  const only = { ...card, supportedInterfaces: card.supportedInterfaces.filter((entry) => entry.protocolVersion === version) };
  return { client: await factory.createFromAgentCard(only), card };
}
