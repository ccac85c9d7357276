import type { LlmRequestProcessor } from './llm-request-processor.js';
import { basicRequestProcessor } from './request-processors/basic.js';
import { compactionRequestProcessor } from './request-processors/compaction.js';
import { contentsRequestProcessor } from './request-processors/contents.js';
import { identityRequestProcessor } from './request-processors/identity.js';
import { instructionsRequestProcessor } from './request-processors/instructions.js';
import { toolsRequestProcessor } from './request-processors/tools.js';
import { outputSchemaRequestProcessor } from './request-processors/output-schema.js';
import { agentTransferRequestProcessor } from './request-processors/agent-transfer.js';
import { requestConfirmationRequestProcessor } from './request-processors/request-confirmation.js';
import { requestInputRequestProcessor } from './request-processors/request-input.js';

/**
 * The request processors of an LlmAgent's model call, in ADK's order: model and config, resumed
 * confirmations, tool calls resumed with human input, instructions, identity, contents, agent transfer, the tools, then (with an
 * `outputSchema` and tools) the `set_model_response` tool. The app's token-threshold compaction
 * runs just before the contents are built.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'a', model, requestProcessors: [...DEFAULT_REQUEST_PROCESSORS, addDate] });
 * ```
 */
export const DEFAULT_REQUEST_PROCESSORS: readonly LlmRequestProcessor[] = [
  basicRequestProcessor,
  requestConfirmationRequestProcessor,
  requestInputRequestProcessor,
  instructionsRequestProcessor,
  identityRequestProcessor,
  compactionRequestProcessor,
  contentsRequestProcessor,
  agentTransferRequestProcessor,
  toolsRequestProcessor,
  outputSchemaRequestProcessor,
];
