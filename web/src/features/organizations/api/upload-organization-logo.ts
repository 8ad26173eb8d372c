import { answer, api, params } from '@/lib/api';
import { RequestError } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** Sends the picture (images only; the server's avatar pipeline checks and resizes it). */
export async function uploadOrganizationLogo(organizationId: string, file: File) {
  if (!file.type.startsWith('image/')) {
    throw new RequestError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please choose an image file');
  }
  return answer(
    api.organizations[':id'].logo.$put({ param: params({ id: organizationId }), form: { file } }),
    'Failed to upload image',
  );
}

export const useUploadOrganizationLogo = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (file: File) => uploadOrganizationLogo(organizationId, file),
    refreshes: [queryKeys.organization.detail(organizationId)],
    successToast: 'Logo updated',
    toastFailure: true,
  });
