// rxadk/testing — helpers for testing agents (imports only the public API).
export { simplifyEvents, simplifyEvent } from './simplify-events.js';
export { ScriptedLlm, type ScriptEntry, type ScriptedLlmOptions } from './scripted-llm.js';
