import { lazyModule } from '@site/src/lib/lazyModule';

describe('lazyModule', () => {
  it('fetches once, then hands the module out without waiting', async () => {
    const importer = jest.fn(() => Promise.resolve({ answer: 42 }));
    const m = lazyModule(importer);
    expect(m.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([m.load(), m.load()]);
    expect(a).toBe(b);
    expect(m.loaded()).toBe(a);
    await m.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('fetches again after a failed fetch instead of failing for good', async () => {
    const importer = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce({ answer: 42 });
    const m = lazyModule<{ answer: number }>(importer);
    await expect(m.load()).rejects.toThrow('ChunkLoadError');
    expect(m.loaded()).toBeUndefined();
    await expect(m.load()).resolves.toEqual({ answer: 42 });
    expect(m.loaded()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
