// rxadk/config — Google ADK agent-config YAML (Node-only: it reads files).
export { loadAgentConfig, type LoadAgentConfigOptions } from './load-agent-config.js';
export type { AgentRegistry, RegistryEntry } from './agent-registry.js';
export { camelizeKeys, camelCase } from './camelize-keys.js';
export { LazyMcpToolset } from './lazy-mcp-toolset.js';
