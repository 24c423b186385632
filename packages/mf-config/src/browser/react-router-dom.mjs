/**
 * The 'react-router-dom' every bundle gets (webpack alias + Module Federation shared singleton).
 *
 * Why a facade: a shared module is built whole (the other bundles may use any export), and the whole of
 * react-router 7 is ~63 KB gzip — more than a third of the first-load budget. Sharing this narrowed
 * module instead keeps one router copy on the page at ~16 KB. Only what some bundle imports is listed (every
 * export here ships on every page). Need another export? Add it here: a bundle consumes this module as a
 * shared module, whose exports webpack does not check, so a missing name would be undefined at run time
 * (React error #130 for a component); the lint rule in eslint.config.js reads this list and fails any import
 * of a name that is not in it. NavLink is not here; the operators' console marks its tabs itself
 * (mfe-programs ConsoleNavLink).
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
