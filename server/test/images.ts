import sharp from 'sharp';

/** A plain PNG of `size` pixels square. */
export const png = (size = 8, background = '#336699') =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();

/** An upload form (`POST /api/v1/files/upload`) holding a PNG as its `file`, with other fields as given. */
export async function pngForm(fields: Record<string, string> = {}, size = 8): Promise<FormData> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(await png(size))], 'a.png', { type: 'image/png' }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
