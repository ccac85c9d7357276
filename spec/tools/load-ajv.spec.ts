import { loadAjv } from '../../lib/tools/load-ajv.js';

describe('loadAjv', () => {
  it('answers ajv itself, compiling schemas', () => {
    const { Ajv } = loadAjv();
    const validate = new Ajv().compile({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });

    expect(validate({ n: 1 })).toBe(true);
    expect(validate({ n: 'x' })).toBe(false);
  });

  it('answers the same module on every call (loaded once)', () => {
    expect(loadAjv()).toBe(loadAjv());
    expect(loadAjv().Ajv).toBe(loadAjv().default);
  });
});
