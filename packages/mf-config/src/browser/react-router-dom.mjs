/**
 * The 'react-router-dom' every bundle gets (webpack alias + Module Federation shared singleton).
 *
 * Why a facade: a shared module is built whole (the other bundles may use any export), and the whole of
 * react-router 7 is ~63 KB gzip — more than a third of the first-load budget. Sharing this narrowed
 * module instead keeps one router copy on the page at ~16 KB. Only what some bundle imports is listed (every
 * export here ships on every page). Need another export? Add it here. The build does not catch a missing one:
 * the bundles consume this module as a shared module, whose exports webpack does not check, so the import is
 * undefined at run time (e.g. React error #130 for a component). NavLink is not here; the operators' console
 * marks its tabs itself (mfe-programs ConsoleNavLink).
 */
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  Navigate,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  matchRoutes,
} from 'react-router';
