/** The image types an avatar or a logo may be uploaded as: the server decodes each, the file picker offers them. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
