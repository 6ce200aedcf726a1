import { render } from 'ink';
import type { DashboardSource } from '../../app/dashboard-source.js';
import { App } from './app.js';

/** Loaded with import() only on a TTY, so plain and --json runs never load Ink or React. */
export async function runDashboard(source: DashboardSource): Promise<void> {
  const app = render(<App source={source} />);
  await app.waitUntilExit();
}
