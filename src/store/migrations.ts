/** Numbered, append-only schema migrations. Never edit a shipped one; add the next. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE users (
     id INTEGER PRIMARY KEY,
     username TEXT NOT NULL UNIQUE COLLATE NOCASE,
     email TEXT,
     password_hash TEXT,
     is_admin INTEGER NOT NULL DEFAULT 0,
     disabled INTEGER NOT NULL DEFAULT 0,
     must_change_password INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );
   CREATE TABLE refresh_tokens (
     id INTEGER PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     family_id TEXT NOT NULL,
     token_hash TEXT NOT NULL UNIQUE,
     expires_at TEXT NOT NULL,
     revoked_at TEXT,
     replaced_by INTEGER,
     created_at TEXT NOT NULL
   );
   CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);
   CREATE TABLE mailboxes (
     id INTEGER PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     kind TEXT NOT NULL CHECK (kind IN ('gmail', 'imap', 'local')),
     address TEXT NOT NULL,
     config_json TEXT NOT NULL DEFAULT '{}',
     secret_enc TEXT,
     state_json TEXT NOT NULL DEFAULT '{}',
     created_at TEXT NOT NULL,
     last_scan_at TEXT,
     UNIQUE (user_id, kind, address)
   );
   CREATE TABLE emails (
     id INTEGER PRIMARY KEY,
     mailbox_id INTEGER NOT NULL REFERENCES mailboxes(id) ON DELETE CASCADE,
     provider_id TEXT NOT NULL,
     message_id TEXT,
     subject TEXT NOT NULL DEFAULT '',
     sender TEXT NOT NULL DEFAULT '',
     received_at TEXT,
     snippet TEXT NOT NULL DEFAULT '',
     size INTEGER NOT NULL DEFAULT 0,
     status TEXT NOT NULL DEFAULT 'new',
     status_reason TEXT,
     raw BLOB,
     created_at TEXT NOT NULL,
     UNIQUE (mailbox_id, provider_id)
   );
   CREATE INDEX emails_received ON emails(mailbox_id, received_at DESC);
   CREATE TABLE analyses (
     id INTEGER PRIMARY KEY,
     email_id INTEGER NOT NULL REFERENCES emails(id) ON DELETE CASCADE,
     engine_version TEXT NOT NULL,
     risk_score INTEGER NOT NULL,
     risk_level TEXT NOT NULL,
     is_phishing INTEGER NOT NULL,
     confidence REAL NOT NULL,
     summary TEXT NOT NULL,
     result_json TEXT NOT NULL,
     created_at TEXT NOT NULL,
     UNIQUE (email_id, engine_version)
   );
   CREATE INDEX analyses_level ON analyses(risk_level);
   CREATE TABLE links (
     id INTEGER PRIMARY KEY,
     email_id INTEGER NOT NULL REFERENCES emails(id) ON DELETE CASCADE,
     url TEXT NOT NULL,
     UNIQUE (email_id, url)
   );
   CREATE TABLE url_analyses (
     id INTEGER PRIMARY KEY,
     analysis_id TEXT NOT NULL UNIQUE,
     cache_key TEXT NOT NULL,
     user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
     url TEXT NOT NULL,
     verdict TEXT NOT NULL,
     threat_score REAL NOT NULL,
     result_json TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   );
   CREATE INDEX url_analyses_cache ON url_analyses(cache_key, expires_at);
   CREATE TABLE screenshots (
     id TEXT PRIMARY KEY,
     user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
     png BLOB NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE scans (
     id INTEGER PRIMARY KEY,
     mailbox_id INTEGER NOT NULL REFERENCES mailboxes(id) ON DELETE CASCADE,
     status TEXT NOT NULL,
     processed INTEGER NOT NULL DEFAULT 0,
     added INTEGER NOT NULL DEFAULT 0,
     total INTEGER,
     error TEXT,
     started_at TEXT NOT NULL,
     finished_at TEXT
   );
   CREATE TABLE audit_log (
     id INTEGER PRIMARY KEY,
     at TEXT NOT NULL,
     user_id INTEGER,
     username TEXT,
     action TEXT NOT NULL,
     target TEXT,
     address TEXT,
     outcome TEXT NOT NULL DEFAULT 'success',
     detail_json TEXT NOT NULL DEFAULT '{}'
   );
   CREATE INDEX audit_at ON audit_log(at DESC);`,
  // 2: each email points at its newest analysis, so listing joins by primary key instead of a
  // correlated subquery per row (GET /api/emails went from 30 to thousands of requests/s).
  `ALTER TABLE emails ADD COLUMN analysis_id INTEGER REFERENCES analyses(id) ON DELETE SET NULL;
   UPDATE emails SET analysis_id = (SELECT id FROM analyses WHERE email_id = emails.id ORDER BY created_at DESC, id DESC LIMIT 1);
   CREATE INDEX emails_status ON emails(status);`,
  // 3: the list shape (indicator texts) stored beside each analysis, so a page of emails does
  // not parse every full result.
  `ALTER TABLE analyses ADD COLUMN indicators_json TEXT NOT NULL DEFAULT '[]';
   UPDATE analyses SET indicators_json = (
     SELECT coalesce(json_group_array(rtrim(json_extract(value, '$.explanation'), '.')), '[]')
     FROM json_each(analyses.result_json, '$.indicators') WHERE json_extract(value, '$.family') != 'parse');`,
  // 4: each email carries its owner, so a user's list walks one index in order
  // (user_id, received_at, id) instead of sorting every email of every mailbox per page.
  // A mailbox never changes owner.
  `ALTER TABLE emails ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
   UPDATE emails SET user_id = (SELECT user_id FROM mailboxes WHERE mailboxes.id = emails.mailbox_id);
   CREATE INDEX emails_user_received ON emails(user_id, received_at DESC, id DESC);`,
  // 5: each user's number of emails, kept by triggers, so an unfiltered page's total does not
  // count every email (a scan writing beside the dashboard would otherwise recount per page).
  // Cascaded deletes (a mailbox or user removed) fire the delete trigger too.
  `CREATE TABLE email_counts (user_id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
   INSERT INTO email_counts (user_id, n) SELECT user_id, count(*) FROM emails WHERE user_id IS NOT NULL GROUP BY user_id;
   CREATE TRIGGER emails_count_insert AFTER INSERT ON emails WHEN NEW.user_id IS NOT NULL BEGIN
     INSERT OR IGNORE INTO email_counts (user_id, n) VALUES (NEW.user_id, 0);
     UPDATE email_counts SET n = n + 1 WHERE user_id = NEW.user_id;
   END;
   CREATE TRIGGER emails_count_delete AFTER DELETE ON emails WHEN OLD.user_id IS NOT NULL BEGIN
     UPDATE email_counts SET n = n - 1 WHERE user_id = OLD.user_id;
   END;`,
  // 6: the live token of each sign-in, found directly: every authenticated request checks that
  // its sign-in has not ended, and a long session's family holds one revoked row per rotation.
  `CREATE INDEX refresh_tokens_live ON refresh_tokens(family_id) WHERE revoked_at IS NULL;`,
  // 7: who sent each email, as the user's sender history reads it: the From address and display
  // name (lowercased) and the domain the mailbox's own server authenticated it for (null when
  // it did not). Backfilled from stored analyses; mail analysed before authenticated domains
  // were recorded gains one when rescored.
  `ALTER TABLE emails ADD COLUMN sender_address TEXT;
   ALTER TABLE emails ADD COLUMN sender_name TEXT;
   ALTER TABLE emails ADD COLUMN auth_domain TEXT;
   UPDATE emails SET
     sender_address = (SELECT lower(json_extract(result_json, '$.sender.address')) FROM analyses WHERE analyses.id = emails.analysis_id),
     sender_name = (SELECT lower(json_extract(result_json, '$.sender.display_name')) FROM analyses WHERE analyses.id = emails.analysis_id),
     auth_domain = (SELECT json_extract(result_json, '$.sender.authenticated_domain') FROM analyses WHERE analyses.id = emails.analysis_id);
   CREATE INDEX emails_user_sender ON emails(user_id, sender_address, received_at);
   CREATE INDEX emails_user_auth ON emails(user_id, auth_domain, received_at) WHERE auth_domain IS NOT NULL;
   CREATE INDEX emails_sender_marks ON emails(user_id, sender_address, status)
     WHERE status IN ('safe', 'phishing', 'false_positive');
   CREATE INDEX emails_auth_marks ON emails(user_id, auth_domain, status)
     WHERE auth_domain IS NOT NULL AND status IN ('safe', 'phishing', 'false_positive');`,
  // 8: score and level on the email row, in indexes that answer a list sorted by score and the
  // daily timeline without reading analyses or the stored message (measured at 100,000 stored:
  // sorted by score 7 req/s, p50 1.1 s; timeline 14 req/s; npm run bench:api with BENCH_EMAILS).
  `ALTER TABLE emails ADD COLUMN risk_score INTEGER;
   ALTER TABLE emails ADD COLUMN risk_level TEXT;
   UPDATE emails SET
     risk_score = (SELECT risk_score FROM analyses WHERE analyses.id = emails.analysis_id),
     risk_level = (SELECT risk_level FROM analyses WHERE analyses.id = emails.analysis_id);
   CREATE INDEX emails_user_score ON emails(user_id, risk_score DESC, id DESC);
   CREATE INDEX emails_user_day_level ON emails(user_id, received_at, risk_level);`,
  // 9: a message's links with the user's latest analysis of each (the message view's Links tab).
  `CREATE INDEX url_analyses_user_url ON url_analyses(user_id, url, id);`,
];
