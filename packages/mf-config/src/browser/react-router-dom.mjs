/**
 * The 'react-router-dom' every bundle gets (webpack alias + Module Federation shared singleton).
 *
 * Why a facade: a shared module is built whole (the other bundles may use any export), and the whole of
 * react-router 7 is ~63 KB gzip — more than a third of the first-load budget. Sharing this narrowed
 * module instead keeps one router copy on the page at ~16 KB. Only what some bundle imports is listed (every
 * export here ships on every page). Need another export? Add it here: a bundle consumes this module
 * at run time, so its build cannot see a missing name (the element would be undefined on screen); the lint
 * rule in eslint.config.js reads this list and fails any import of a name that is not in it.
 */
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  matchRoutes,
} from 'react-router';
