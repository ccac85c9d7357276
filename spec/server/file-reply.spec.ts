import { fileReply } from '../../lib/server/file-reply.js';

const JS = 'text/javascript; charset=utf-8';
const body = Buffer.from('console.log(1)');
const request = (ifNoneMatch?: string) => ({ headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch } });
const tagOf = (content: Buffer) => {
  const reply = fileReply(request(), JS, content);
  return reply.kind === 'file' ? reply.etag! : '';
};

describe('fileReply', () => {
  it('answers 200 with the content and a strong ETag of its bytes', () => {
    const reply = fileReply(request(), JS, body);
    expect(reply).toEqual({ kind: 'file', status: 200, contentType: JS, body, etag: expect.stringMatching(/^"[\w-]{32}"$/) });
  });

  it('gives the same bytes the same tag, and other bytes another', () => {
    expect(tagOf(Buffer.from('console.log(1)'))).toBe(tagOf(body));
    expect(tagOf(Buffer.from('console.log(2)'))).not.toBe(tagOf(body));
    expect(tagOf(Buffer.alloc(0))).toMatch(/^"[\w-]{32}"$/);
  });

  it('answers 304 with the tag and no body when If-None-Match names it (alone, weak, in a list, or *)', () => {
    const etag = tagOf(body);
    for (const named of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      expect([named, fileReply(request(named), JS, body)]).toEqual([named, { kind: 'empty', status: 304, headers: { ETag: etag, 'Cache-Control': 'no-cache' } }]);
    }
  });

  it('answers 200 when If-None-Match names another tag (the file changed) or is empty', () => {
    for (const named of ['"stale"', '', 'W/"stale", "older"']) expect([named, fileReply(request(named), JS, body)]).toEqual([named, expect.objectContaining({ kind: 'file', status: 200 })]);
  });
});
