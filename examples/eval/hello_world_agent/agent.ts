/**
 * ADK Python's hello_world_agent eval fixture (tests/integration/fixture/hello_world_agent) in
 * TypeScript: a data processing agent that rolls dice and checks primes. Its model replays the
 * conversations recorded in roll_die.test.json (see ../replay-llm.ts).
 */
import { FunctionTool, LlmAgent } from '../../../lib/index.js';
import { ReplayLlm } from '../replay-llm.js';

const rollDie = new FunctionTool<{ sides: number }>({
  name: 'roll_die',
  description: 'Roll a die and return the rolled result.',
  parameters: { type: 'object', properties: { sides: { type: 'integer', description: 'The integer number of sides the die has.' } }, required: ['sides'] },
  execute: ({ sides }) => 1 + Math.floor(Math.random() * sides),
});

const checkPrime = new FunctionTool<{ nums: number[] }>({
  name: 'check_prime',
  description: 'Check if a given list of numbers are prime.',
  parameters: { type: 'object', properties: { nums: { type: 'array', items: { type: 'integer' }, description: 'The list of numbers to check.' } }, required: ['nums'] },
  execute: ({ nums }) => {
    const primes = [...new Set(nums.map(Number).filter((n) => n > 1 && Array.from({ length: Math.floor(Math.sqrt(n)) - 1 }, (_, i) => i + 2).every((d) => n % d !== 0)))];
    return primes.length === 0 ? 'No prime numbers found.' : `${primes.join(', ')} are prime numbers.`;
  },
});

export const rootAgent = new LlmAgent({
  name: 'data_processing_agent',
  model: ReplayLlm.ofApp(import.meta.url),
  instruction: `You roll dice and answer questions about the outcome of the dice rolls.
You can roll dice of different sizes.
When you are asked to roll a die, you must call the roll_die tool with the number of sides.
When checking prime numbers, call the check_prime tool with a list of integers.
When you respond, you must include the roll_die result.`,
  tools: [rollDie, checkPrime],
});
