import { useCallback, useState } from 'react';

type PagerState = { key: string; cursor?: string; direction: 'next' | 'prev'; page: number };

/**
 * Keyset paging state for a server list: the cursor to ask with and the page number shown. `filterKey` names
 * the current filters; when it changes, paging starts again at the first page.
 */
export function useCursorPager(filterKey: string) {
  const [state, setState] = useState<PagerState>({ key: filterKey, direction: 'next', page: 1 });
  const current: PagerState = state.key === filterKey ? state : { key: filterKey, direction: 'next', page: 1 };
  return {
    input: { cursor: current.cursor, direction: current.direction },
    page: current.page,
    next: useCallback(
      (cursor: string) =>
        setState((s) => ({ key: filterKey, cursor, direction: 'next', page: (s.key === filterKey ? s.page : 1) + 1 })),
      [filterKey],
    ),
    previous: useCallback(
      (cursor: string) =>
        setState((s) => {
          const page = s.key === filterKey ? s.page : 1;
          return page <= 2
            ? { key: filterKey, direction: 'next', page: 1 }
            : { key: filterKey, cursor, direction: 'prev', page: page - 1 };
        }),
      [filterKey],
    ),
  };
}
