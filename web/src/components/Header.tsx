import { Link, NavLink } from 'react-router';
import { useSession } from '../session';

export function Header({ title }: { title: string }) {
  const { user, logout } = useSession();
  return (
    <header className="header">
      <Link to="/dashboard" className="brand">
        PhishGuard
      </Link>
      <h1>{title}</h1>
      <nav aria-label="Main">
        <NavLink to="/dashboard">Dashboard</NavLink>
        <NavLink to="/emails">Emails</NavLink>
        <NavLink to="/test">Test email</NavLink>
        <NavLink to="/senders">Senders</NavLink>
        <NavLink to="/settings">Settings</NavLink>
        <NavLink to="/link-analysis" className="button small">
          Link Analysis
        </NavLink>
      </nav>
      <span className="who" data-testid="user-email">
        {user?.email ?? user?.username}
      </span>
      <button type="button" className="secondary" onClick={() => void logout()}>
        Logout
      </button>
    </header>
  );
}
