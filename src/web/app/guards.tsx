import { Navigate, Outlet, useLocation } from 'react-router';
import { signInPathFor } from '../../domain/redirect';
import { useSession } from '../features/accounts/api';

/** The protected wrapper: visitors go to sign in and come back to the same page. */
export function RequireSignIn() {
  const { account } = useSession();
  const location = useLocation();
  if (!account) return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/** Site admin pages send everyone else to /. The server refuses their data regardless. */
export function RequireAdmin() {
  const { account } = useSession();
  if (!account?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
