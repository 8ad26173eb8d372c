import { z } from 'zod';

const CATEGORIES = ['profile'] as const;
const NO_FILE = 'Send the image as multipart/form-data with a "file" field';

/**
 * `POST /api/v1/files/upload`, a multipart form (the console's avatar upload): the image, its
 * category, whether others may see it, and a description. Fields read as `FormData.get` reads them.
 */
export const uploadFormSchema = z.object({
  file: z.instanceof(File, { message: NO_FILE }).refine((file) => file.size > 0, NO_FILE),
  category: z.enum(CATEGORIES, { message: `category must be one of: ${CATEGORIES.join(', ')}` }).default('profile'),
  // Profile pictures are shown to others (admin lists, team members), so they are public unless told.
  isPublic: z
    .unknown()
    .optional()
    .transform((value) => value !== 'false'),
  description: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' ? value.slice(0, 500) : null)),
});

/** `GET /api/v1/files/:id`. */
export const fileParamsSchema = z.object({ id: z.string() });
