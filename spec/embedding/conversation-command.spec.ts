import { CANCEL_COMMAND, CLOSE_COMMAND, isSendCommand, sendCommand } from '../../lib/embedding/conversation-command.js';
import { userMessage } from '../../lib/embedding/user-message.js';

describe('conversation commands', () => {
  it('are frozen plain data; isSendCommand picks the sends', () => {
    const message = userMessage('hi');
    const send = sendCommand(message);
    expect(send).toEqual({ kind: 'send', message });
    expect([send, CANCEL_COMMAND, CLOSE_COMMAND].map((command) => [Object.isFrozen(command), isSendCommand(command)])).toEqual([
      [true, true],
      [true, false],
      [true, false],
    ]);
  });
});
