/**
 * The router of every front end. Import routing APIs from `@waypoint/platform`, never from react-router-dom.
 *
 * Module Federation bundles a shared package whole, and react-router-dom whole is about 60 KB of gzip JavaScript,
 * most of it data-router and server code the portal does not use. So react-router-dom is not shared; platform,
 * which is a shared singleton, re-exports just the APIs below, and each build bundles only those. The router and
 * its React contexts stay one instance at run time because every remote gets them through the shell's platform.
 *
 * To use another API, add it here and raise platform's minor version: a remote built with it declares that version
 * as its minimum, and the shell's copy of platform is the one that runs, so the shell ships it first
 * (docs/micro-frontends.md).
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type LinkProps,
  type NavLinkProps,
  type NavigateFunction,
  type RouteObject,
} from 'react-router-dom';
