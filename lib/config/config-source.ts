import type { AgentRegistry } from './agent-registry.js';
import { AgentConfigError } from '../utils/errors.js';

/**
 * One agent-config YAML being read: typed accessors for its keys and registry look-ups whose
 * errors name the file and the key.
 *
 * @example
 * ```ts
 * const source = new ConfigSource('root_agent.yaml', yaml, registry);
 * source.requiredString('name');
 * ```
 */
export class ConfigSource {
  constructor(
    readonly file: string,
    private readonly yaml: Record<string, unknown>,
    readonly registry: AgentRegistry,
  ) {}

  value(key: string): unknown {
    return this.yaml[key];
  }

  requiredString(key: string): string {
    const value = this.yaml[key];
    if (typeof value !== 'string' || !value) throw this.error(key, 'is required and must be a string');
    return value;
  }

  optionalString(key: string): string | undefined {
    const value = this.yaml[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw this.error(key, 'must be a string');
    return value;
  }

  optionalNumber(key: string): number | undefined {
    const value = this.yaml[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number') throw this.error(key, 'must be a number');
    return value;
  }

  optionalBoolean(key: string): boolean | undefined {
    const value = this.yaml[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') throw this.error(key, 'must be true or false');
    return value;
  }

  list(key: string): unknown[] {
    const value = this.yaml[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw this.error(key, 'must be a list');
    return value;
  }

  /** The registry entry for `name`; an error naming the key and the file when missing or of the wrong kind. */
  registered(key: string, name: string, accept: (value: unknown) => boolean): unknown {
    if (!Object.prototype.hasOwnProperty.call(this.registry, name)) {
      throw this.error(key, `"${name}" is not in the registry. Register it: registry["${name}"] = <your TypeScript ${kindOf(key)}>`);
    }
    const value = this.registry[name];
    if (!accept(value)) throw this.error(key, `registry["${name}"] is not a ${kindOf(key)}`);
    return value;
  }

  error(key: string, problem: string): AgentConfigError {
    const name = typeof this.yaml['name'] === 'string' ? ` (agent "${this.yaml['name']}")` : '';
    return new AgentConfigError(`${this.file}${name}: ${key} ${problem}.`);
  }
}

function kindOf(key: string): string {
  if (key.includes('callback')) return 'callback function';
  if (key.startsWith('tools')) return 'tool';
  if (key.startsWith('sub_agents')) return 'agent';
  return 'schema';
}
