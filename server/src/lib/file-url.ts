/** Where our files are served: a file's URL is the public URL, this path, then the file's id. */
export const FILE_PATH = '/api/v1/files/';

/** The id of one of our files from its URL, for any URL we handed out. */
export function fileIdFromUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const index = url.indexOf(FILE_PATH);
  return index === -1 ? undefined : url.slice(index + FILE_PATH.length) || undefined;
}

/**
 * The category of an organization's logo files: its own, so that replacing the logo or deleting the
 * organization removes exactly its files, whoever uploaded them.
 */
export const organizationLogoCategory = (organizationId: string) => `organization-logo:${organizationId}`;
