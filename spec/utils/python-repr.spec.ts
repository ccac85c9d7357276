import { pythonRepr, pythonString } from '../../lib/utils/python-repr.js';

describe('pythonRepr', () => {
  it('prints values the way Python prints dicts', () => {
    expect(pythonRepr({ a: 'x', b: 1, c: true, d: null, e: [1.5, 'y'], f: { g: false } })).toBe(
      "{'a': 'x', 'b': 1, 'c': True, 'd': None, 'e': [1.5, 'y'], 'f': {'g': False}}",
    );
  });

  it('quotes strings as repr() does', () => {
    expect(pythonString("it's")).toBe('"it\'s"');
    expect(pythonString('say "hi"')).toBe("'say \"hi\"'");
    expect(pythonString('both \' and "')).toBe("'both \\' and \"'");
    expect(pythonString('line\nbreak\\')).toBe("'line\\nbreak\\\\'");
  });
});
