import { map } from 'rxjs';
import type { AgentApp } from '../../lib/server/agent-apps.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { DemoLlm } from '../../examples/shared/demo-llm.js';

/** `save_note`: saves its text as a new version of the artifact `notes.txt`. */
const saveNote = new FunctionTool<{ text: string }>({
  name: 'save_note',
  description: 'Saves a note as the next version of notes.txt.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }, ctx) => ctx.saveArtifact('notes.txt', { text }).pipe(map((version) => ({ saved: 'notes.txt', version }))),
});

/** `save_file`: saves base64 `data` of `mimeType` as the next version of `name`. */
const saveFile = new FunctionTool<{ name: string; mimeType: string; data: string }>({
  name: 'save_file',
  description: 'Saves a file as an artifact.',
  parameters: { type: 'object', properties: { name: { type: 'string' }, mimeType: { type: 'string' }, data: { type: 'string' } }, required: ['name', 'mimeType', 'data'] },
  execute: ({ name, mimeType, data }, ctx) => ctx.saveArtifact(name, { inlineData: { mimeType, data } }).pipe(map((version) => ({ saved: name, version }))),
});

/**
 * `notes`: "note: buy milk" saves a version of notes.txt; "file: NAME MIME BASE64" saves any file
 * (offline demo model), for the artifact views.
 */
export const notesApp: AgentApp = {
  name: 'notes',
  rootAgent: new LlmAgent({
    name: 'notes_agent',
    description: 'Keeps notes as an artifact.',
    model: new DemoLlm(
      [
        { when: /^note: (.+)$/i, call: (m) => ({ name: 'save_note', args: { text: m[1] } }) },
        { when: /^file: (\S+) (\S+) (\S+)$/i, call: (m) => ({ name: 'save_file', args: { name: m[1], mimeType: m[2], data: m[3] } }) },
      ],
      (_tool, result) => `Saved version ${String(result['version'])} of ${String(result['saved'])}.`,
    ),
    tools: [saveNote, saveFile],
  }),
  plugins: [],
};
