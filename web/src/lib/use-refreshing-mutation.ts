import { useMutation, useQueryClient, type DataTag, type QueryKey } from '@tanstack/react-query';
import { notify } from './notify';

type ByInput<Input, Value> = Value | ((input: Input) => Value);
const resolve = <Input, Value>(value: ByInput<Input, Value>, input: Input): Value =>
  typeof value === 'function' ? (value as (input: Input) => Value)(input) : value;

/**
 * A mutation whose success changes what some queries hold: they refresh (keys from `queryKeys`), or,
 * when the answer is a query's new value, it is stored there (`stores`: a `queryOptions` key) with no
 * request again. A toast tells the outcome when nothing else on screen does. `toastFailure` is for
 * actions with no form beside them (a row's buttons); a form shows `mutation.error` (a RequestError)
 * beside its fields.
 */
export function useRefreshingMutation<Input, Output>({
  mutationFn,
  refreshes = [],
  stores,
  successToast,
  toastFailure = false,
}: {
  mutationFn: (input: Input) => Promise<Output>;
  refreshes?: ByInput<NoInfer<Input>, readonly QueryKey[]>;
  stores?: DataTag<QueryKey, NoInfer<Output>, unknown>;
  successToast?: ByInput<NoInfer<Input>, string>;
  toastFailure?: boolean;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: a form's modal closes at once (a toast under an open modal is neither seen nor
    // heard), and the lists fill in behind it.
    onSuccess: (output, input) => {
      if (stores) queryClient.setQueryData(stores, output);
      if (successToast) notify.success(resolve(successToast, input));
      for (const queryKey of resolve(refreshes, input)) void queryClient.invalidateQueries({ queryKey });
    },
    onError: toastFailure ? (error) => notify.error(error.message) : undefined,
  });
}
