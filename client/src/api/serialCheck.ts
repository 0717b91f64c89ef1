import { checkDbgTicketNumber } from '@prize/generated/client';
import type { QueryClient } from '@tanstack/react-query';

export const serialCheckKey = (serial: string) => ['dbgTicketNumberCheck', serial] as const;

/**
 * The server's serial check, asked once per number while the form lives: the answer is kept in
 * react-query's cache, which the form's timeout clears with everything else
 * (hooks/useFormLifetime.ts). A failed check is not kept, so the next blur asks again.
 */
export function checkSerialOnce(queryClient: QueryClient, serial: string): Promise<boolean> {
  return queryClient.fetchQuery({
    queryKey: serialCheckKey(serial),
    queryFn: async ({ signal }) =>
      (await checkDbgTicketNumber({ dbgTicketNumber: serial }, { signal })).data.valid,
    staleTime: Infinity,
    retry: false,
  });
}
