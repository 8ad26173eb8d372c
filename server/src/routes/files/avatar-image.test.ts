import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('loading the image library', () => {
  afterEach(() => {
    vi.doUnmock('sharp');
    vi.resetModules();
  });

  it('tries again with the next upload when the library could not be loaded', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    let attempts = 0;
    vi.doMock('sharp', async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new Error('libvips could not be loaded');
      return importOriginal();
    });
    vi.resetModules();
    const { toAvatar } = await import('./avatar-image');
    await expect(toAvatar(new Uint8Array(png), 'image/png')).rejects.toBeInstanceOf(Error);
    const avatar = await toAvatar(new Uint8Array(png), 'image/png');
    expect(attempts).toBe(2);
    expect(avatar).toMatchObject({ contentType: 'image/webp', width: 256, height: 256 });
  });
});
