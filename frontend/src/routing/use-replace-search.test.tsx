import { createRoute, Link, Outlet, type AnyRoute } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithRouter } from '@/testing/render.tsx';
import { useReplaceSearch } from './use-replace-search.ts';

const listSearchSchema = z.object({ name: z.string().default('') });
type ListSearch = z.infer<typeof listSearchSchema>;

/** A list page (writing its `?name=` with useReplaceSearch) and an edit page whose load waits for `editLoaded`. */
function twoPages(editLoaded: Promise<void>) {
  return (root: AnyRoute) => {
    const layout: AnyRoute = createRoute({ getParentRoute: () => root, id: 'pages', component: () => <Outlet /> });
    const list: AnyRoute = createRoute({
      getParentRoute: () => layout,
      path: '/',
      validateSearch: listSearchSchema,
      component: function ListPage() {
        // The test's routes are not the app's registered ones: their navigate is typed loosely.
        const setSearch = useReplaceSearch<ListSearch>(list.useNavigate() as never);
        return (
          <>
            <h1>List</h1>
            <button type="button" onClick={() => setSearch((current) => ({ ...current, name: 'north' }))}>
              Apply filter
            </button>
            <Link to={'/edit' as never}>Edit</Link>
          </>
        );
      },
    });
    const edit: AnyRoute = createRoute({ getParentRoute: () => layout, path: '/edit', beforeLoad: () => editLoaded, component: () => <h1>Edit</h1> });
    return layout.addChildren([list, edit]);
  };
}

describe('useReplaceSearch', () => {
  it("writes the page's search, replacing the history entry", async () => {
    const { user, router } = await renderWithRouter(() => <></>, { route: twoPages(Promise.resolve()) });
    const entries = router.history.length;
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'north' }));
    expect(router.history.length).toBe(entries);
  });

  it('drops a write that comes while a link is loading another page, so the user is not taken back', async () => {
    let finishLoading = () => {};
    const editLoaded = new Promise<void>((resolve) => (finishLoading = resolve));
    const { user, router } = await renderWithRouter(() => <></>, { route: twoPages(editLoaded) });
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit'));
    // The list is still on screen while the edit page loads; its late filter write must not win.
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    finishLoading();
    expect(await screen.findByRole('heading', { name: 'Edit' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit');
    expect(router.state.resolvedLocation?.pathname).toBe('/edit');
  });
});
