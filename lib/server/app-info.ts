/**
 * One app of `GET /list-apps?detailed=true`, in the shape of Google ADK's `AppInfo` (`name`,
 * `root_agent_name`, `description`, `language`), plus `error` for a folder that looks like an app
 * but did not load — such apps are listed, never skipped.
 *
 * @example
 * ```ts
 * const ok: AppInfo = { name: 'hello', root_agent_name: 'hello_agent', description: 'Says hello.', language: 'typescript' };
 * const broken: AppInfo = { name: 'broken', root_agent_name: '', description: '', language: 'typescript', error: 'agent.ts does not compile: …' };
 * ```
 */
export interface AppInfo {
  name: string;
  root_agent_name: string;
  description: string;
  language: 'typescript' | 'javascript' | 'yaml' | 'code';
  /** Why the app did not load (absent when it loaded). */
  error?: string;
}
