import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../config/load-config.js';
import { PhishguardError } from '../../errors.js';
import { copySqliteToPostgres } from '../../store/copy-to-postgres.js';
import { redactUrl } from '../../store/postgres.js';
import { writeJson, type CliContext } from '../context.js';
import { ProgressBar } from '../output/progress.js';

export function registerDb(program: Command, ctx: () => CliContext): void {
  const db = program.command('db').description('The store itself: moving it to PostgreSQL');
  db.command('migrate')
    .description(
      'Copy a SQLite data directory into an empty PostgreSQL database, verified by row counts and checksums (stop the daemon first)',
    )
    .requiredOption(
      '--to <url>',
      'postgres://… of the target database (or "env" to use PHISHGUARD_DATABASE_URL, keeping the password out of ps)',
    )
    .option(
      '--data-dir <dir>',
      'the SQLite data directory (PHISHGUARD_DATA_DIR; default ~/.local/share/phishguard)',
    )
    .option('--config <file>', 'JSON config file')
    .option('--json', 'print JSON')
    .action(async (opts: { to: string; dataDir?: string; config?: string; json?: boolean }) => {
      const c = ctx();
      const to = opts.to === 'env' ? c.env.PHISHGUARD_DATABASE_URL : opts.to;
      if (!to || !/^postgres(ql)?:\/\//.test(to))
        throw new PhishguardError(
          'USAGE',
          '--to needs a postgres:// URL (or "env" with PHISHGUARD_DATABASE_URL set)',
        );
      const config = loadConfig({ flags: { dataDir: opts.dataDir }, env: c.env, file: opts.config ?? null });
      if (!existsSync(join(config.dataDir, 'phishguard.db')))
        throw new PhishguardError('NOT_FOUND', `no SQLite store in ${config.dataDir} (phishguard.db)`);
      let bar: ProgressBar | null = null;
      let current = '';
      const report = await copySqliteToPostgres(config.dataDir, to, (table, done, total) => {
        if (opts.json || total === 0) return;
        if (table !== current) {
          bar?.finish();
          current = table;
          bar = new ProgressBar(total, `rows of ${table}`);
        }
        bar?.update(done, done);
      });
      (bar as ProgressBar | null)?.finish();
      if (opts.json) return writeJson(c, { to: redactUrl(to), ...report });
      for (const t of report.tables)
        c.stdout.write(
          `${t.table.padEnd(20)} ${String(t.rows).padStart(9)} rows  sha256 ${t.checksum.slice(0, 16)}…\n`,
        );
      c.stdout.write(
        `copied and verified into ${redactUrl(to)} in ${report.seconds.toFixed(1)} s; run the daemons with PHISHGUARD_DATABASE_URL set (docs/deployment.md)\n`,
      );
    });
}
