import { join } from 'node:path';
import { readWorkflowRecording, recordedModelAnswers } from '../../lib/conformance/index.js';
import { WORKFLOW_RECORDINGS_DIR } from '../support/recordings.js';

const answersOf = (sample: string, file: string) => recordedModelAnswers(readWorkflowRecording(join(WORKFLOW_RECORDINGS_DIR, sample, 'tests', file)));

describe('recordedModelAnswers', () => {
  it('takes each agent\'s model events, in order, as responses with their finish reason', () => {
    const answers = answersOf('sequence', 'go.json');
    expect([...answers.keys()]).toEqual(['generate_fruit_agent', 'generate_benefit_agent']);
    expect(answers.get('generate_fruit_agent')).toEqual([{ content: { role: 'model', parts: [{ text: 'Apple' }] }, finishReason: 'STOP' }]);
  });

  it('leaves out user events, node messages, output events and adk_request_input calls', () => {
    const answers = answersOf('request_input', 'phone_broke.json');
    expect([...answers.keys()]).toEqual(['draft_email']);
    expect(answers.get('draft_email')!.map((a) => a.content!.parts![0]!.text!.slice(0, 43))).toEqual([
      'Subject: Regarding Your Phone Issue - How W',
      'Subject: Your Phone Issue - How We Can Help',
    ]);
    expect(answersOf('fan_out_fan_in', 'go.json')).toEqual(new Map());
  });

  it('of a recording out of order: by function-call id number, text answers last; call ids dropped', () => {
    const answers = answersOf('node_as_tool', 'go.json');
    expect([...answers.keys()]).toEqual(['customer_service_agent']);
    expect(answers.get('customer_service_agent')).toEqual([
      { content: { role: 'model', parts: [{ functionCall: { args: { user_id: 'c123' }, name: 'customer_lookup_workflow' } }] } },
      { content: { role: 'model', parts: [{ functionCall: { args: { tier: 'Verified VIP Member' }, name: 'calculate_discount' } }] } },
      { content: { role: 'model', parts: [{ text: 'Customer c123 is a Verified VIP Member and gets a 20% discount.' }] } },
    ]);
  });

  it('keeps parallel agents apart (answers are matched by agent, not by position)', () => {
    const answers = answersOf('nested_workflow', '1984.json');
    expect([...answers.keys()]).toEqual(['find_name', 'generate_bio', 'find_historical_event']);
    expect(answers.get('find_name')![0]!.content!.parts![0]!.text).toBe('Scarlett Johansson');
  });
});
