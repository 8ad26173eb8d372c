import { z } from 'zod';
import {
  APPLICATION_SCOPES,
  APPLICATION_TYPES,
  applicationInputSchema,
  applicationUpdateSchema,
  DEFAULT_APPLICATION_SCOPES,
  type AdminApplication,
} from '#common/applications';

/** The form's own fields: URIs one per line, scopes as checkboxes. */
const fields = z.object({
  name: z.string(),
  type: z.enum(APPLICATION_TYPES),
  redirectUris: z.string(),
  postLogoutRedirectUris: z.string(),
  scopes: z.array(z.enum(APPLICATION_SCOPES)),
  trusted: z.boolean(),
});
export type ApplicationFormValues = z.infer<typeof fields>;

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The form checked by the server's own rule (`schema`): its lines become lists, and each refusal is
 * shown under the field it is about.
 */
function checkedBy<Output>(schema: z.ZodType<Output>, input: (values: ApplicationFormValues) => unknown) {
  return fields.transform((values, ctx) => {
    const parsed = schema.safeParse(input(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'name';
      // A URI's rule names which line it refuses.
      const line = typeof issue.path[1] === 'number' ? ` (line ${issue.path[1] + 1})` : '';
      ctx.addIssue({ code: 'custom', message: `${issue.message}${line}`, path: [field] });
    }
    return z.NEVER;
  });
}

const common = (values: ApplicationFormValues) => ({
  name: values.name,
  redirectUris: lines(values.redirectUris),
  postLogoutRedirectUris: lines(values.postLogoutRedirectUris),
  scopes: values.scopes,
  trusted: values.trusted,
});

export const createApplicationFormSchema = checkedBy(applicationInputSchema, (values) => ({
  ...common(values),
  type: values.type,
}));
export const editApplicationFormSchema = checkedBy(applicationUpdateSchema, common);

export const NEW_APPLICATION: ApplicationFormValues = {
  name: '',
  type: 'web',
  redirectUris: '',
  postLogoutRedirectUris: '',
  scopes: [...DEFAULT_APPLICATION_SCOPES],
  trusted: false,
};

export const formValuesOf = (application: AdminApplication): ApplicationFormValues => ({
  name: application.name,
  type: application.type,
  redirectUris: application.redirectUris.join('\n'),
  postLogoutRedirectUris: application.postLogoutRedirectUris.join('\n'),
  scopes: application.scopes,
  trusted: application.trusted,
});

export const TYPE_LABELS: Record<AdminApplication['type'], string> = {
  web: 'Web (server-side, keeps a secret)',
  spa: 'Single-page app (public, PKCE)',
  native: 'Native or desktop app (public, PKCE)',
};
export const TYPE_SHORT: Record<AdminApplication['type'], string> = {
  web: 'Web',
  spa: 'Single-page',
  native: 'Native',
};
