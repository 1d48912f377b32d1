import { Message } from '@arco-design/web-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * An action on one row of a list (delete, restore): on success it says so in the page's words and refreshes
 * the lists it touched (`refresh`: their query keys), so the confirm closes on the list as it now is.
 */
export function useRowAction<R>(options: {
  action(row: R): Promise<unknown>;
  done(row: R): string;
  refresh: readonly (readonly unknown[])[];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.action,
    onSuccess: async (_, row) => {
      Message.success(options.done(row));
      await Promise.all(options.refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
