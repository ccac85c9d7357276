// The reference side's model: a @google/adk BaseLlm subclass answering from bench/script.ts, the
// same answers the rxadk side gets.
import { BaseLlm, type BaseLlmConnection, type LlmRequest, type LlmResponse } from '@google/adk';
import { scriptedResponse, type TurnScript } from '../script.js';

export class AdkScriptedLlm extends BaseLlm {
  calls = 0;

  constructor(private readonly script: TurnScript) {
    super({ model: 'bench-scripted' });
  }

  override async *generateContentAsync(llmRequest: LlmRequest): AsyncGenerator<LlmResponse, void> {
    this.calls++;
    yield scriptedResponse(llmRequest.contents, this.script) as LlmResponse;
  }

  override connect(): Promise<BaseLlmConnection> {
    return Promise.reject(new Error('AdkScriptedLlm has no live mode.'));
  }
}
