/**
 * Whether to skip a suite because a system tool (Chromium, Dovecot) is missing. On a developer
 * machine a missing tool skips the suite; under CI (the CI environment variable, which .ci/run
 * sets) it fails, so a broken install can never turn into a green run that tested nothing.
 */
export function skipWithout(tool: string, found: string | null): boolean {
  if (found) return false;
  if (process.env.CI)
    throw new Error(
      `${tool} is required under CI (install it as .ci/run does); refusing to skip these tests`,
    );
  return true;
}
