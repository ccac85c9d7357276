/**
 * The prefix ADK puts on every key it adds to A2A metadata (`adk_type`, `adk_app_name`, ...).
 *
 * @example
 * ```ts
 * ADK_METADATA_PREFIX; // 'adk_'
 * ```
 */
export const ADK_METADATA_PREFIX = 'adk_';

/**
 * The A2A metadata key ADK Python writes for `key`: `adk_` + key.
 *
 * @example
 * ```ts
 * adkMetadataKey('type'); // 'adk_type'
 * adkMetadataKey('is_long_running'); // 'adk_is_long_running'
 * ```
 */
export function adkMetadataKey(key: string): string {
  return `${ADK_METADATA_PREFIX}${key}`;
}

/**
 * The values of a DataPart's `adk_type` (ADK Python's part converter): what the data holds.
 *
 * @example
 * ```ts
 * DATA_PART_TYPES.functionCall; // 'function_call'
 * ```
 */
export const DATA_PART_TYPES = {
  functionCall: 'function_call',
  functionResponse: 'function_response',
  codeExecutionResult: 'code_execution_result',
  executableCode: 'executable_code',
} as const;
