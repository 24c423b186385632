import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ConsoleFrame } from '../ConsoleFrame';

/**
 * The console at `path` with the routes of the feature under test (its `routes`), as the shell mounts it under
 * /admin/*: the console's frame (menu, /admin itself, unknown paths) around them. `beside` renders next to it
 * (e.g. a location probe).
 */
export function renderConsoleAt(path: string, routes: ReactNode, beside?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <>
              <ConsoleFrame>{routes}</ConsoleFrame>
              {beside}
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

// The first control of a label (an image field is followed by its upload button, labelled after it).
export const field = (label: string) => screen.getAllByLabelText(label, { exact: false })[0] as HTMLInputElement;
export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The Korean field message shown under a control. */
export const errorUnder = (label: string) =>
  field(label).closest('label')?.parentElement?.querySelector('[data-field-error]')?.textContent;

/**
 * The arguments of the last read of `path` on a mocked `apiGet`. A page's other reads (code names, career
 * choices) start beside its own, in whichever order a busy machine runs them, so "the last call" is not one.
 */
export const lastReadOf = (get: { mock: { calls: unknown[][] } }, path: string) =>
  get.mock.calls.filter(([p]) => p === path).at(-1);
