import { RxadkError } from '../utils/errors.js';

/**
 * An `App` or a Runner's app options are not usable: an app name that is not an identifier (or
 * is `user`), no root agent, or a Runner given an `app` together with an `agent` or `plugins`
 * (give those to the App), or neither an app nor an app name and an agent.
 *
 * @example
 * ```ts
 * try { new Runner({ app, agent, sessionService }); }
 * catch (e) { if (e instanceof AppConfigError) console.log(e.message); } // give the agent to the App
 * ```
 */
export class AppConfigError extends RxadkError {
  constructor(message: string) {
    super('APP_CONFIG', message);
  }
}
