/**
 * Generated from the daemon's OpenAPI document by `npm run gen:api`; do not edit.
 * The web dashboard and the terminal dashboard type their API calls with it (openapi-fetch),
 * and a test fails when it no longer matches the routes.
 */
export interface paths {
  '/api/analysis/reprocess/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Analyse a stored email again with the current engine */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The email with its new analysis */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EmailDetail'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/analysis/threat-intel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Search past email and URL analyses and indicators */
    get: {
      parameters: {
        query: {
          query: string;
          source?: 'all' | 'emails' | 'urls' | 'indicators';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Matches */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IntelResults'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/analyze/email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Analyse a pasted email (subject, sender, content) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            content: string;
            sender: string;
            subject: string;
          };
        };
      };
      responses: {
        /** @description The verdict and its reasons */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EmailTestResult'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audits/logs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Audit log (administrators: everyone; others: their own) */
    get: {
      parameters: {
        query?: {
          action?: string;
          page?: number;
          since?: string;
          size?: number;
          user_id?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              logs: components['schemas']['AuditRow'][];
              page: number;
              size: number;
              total: number;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/gmail/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Check Gmail access (users.getProfile) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Reachable */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              email?: string | null;
              messages_total?: number | null;
              /** @enum {string} */
              status: 'healthy';
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/gmail/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List message ids */
    get: {
      parameters: {
        query?: {
          max_results?: number;
          query?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Ids */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              messages: {
                id: string;
              }[];
              next_page_token: string | null;
              result_size_estimate: number;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/gmail/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke at Google and delete our tokens */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Detail'] & {
              email: string;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/gmail/scan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Analyse the latest 50 messages (with a PostgreSQL store: queue a background scan of the mailbox and answer at once with its scan_id) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Counts */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              analysed: number;
              high_risk: number;
              next_page_token: string | null;
              scan_id?: number;
              /** @enum {string} */
              status?: 'done' | 'running';
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/gmail/scopes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The read-only scopes requested */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Scopes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              note: string;
              read_only: boolean;
              scopes: string[];
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/gmail/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Gmail connection state */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description State */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              configured: boolean;
              connected: boolean;
              mailboxes: {
                connected: boolean;
                email: string;
                id: number;
                last_scan_at: string | null;
                needs_reconnect: boolean;
              }[];
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/gmail/watch/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** users.watch with the configured Pub/Sub topic (400 when unconfigured) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Watching */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['GmailWatch'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/gmail/watch/stop': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** users.stop */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Stopped */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['GmailWatch'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in (form fields or JSON: username, password) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            password: string;
            remember_me?: boolean | string;
            username: string;
          };
          'application/x-www-form-urlencoded': {
            password: string;
            remember_me?: boolean | string;
            username: string;
          };
        };
      };
      responses: {
        /** @description Tokens; the dashboard also gets httpOnly cookies */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TokenPair'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a refresh token family and clear the dashboard cookies */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            refresh_token?: string;
          };
        };
      };
      responses: {
        /** @description Signed out */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Detail'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Change your password (ends every session, and starts a new one for this client) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            current_password: string;
            new_password: string;
          };
        };
      };
      responses: {
        /** @description Changed, with new tokens */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TokenPair'] & {
              detail: string;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rotate a refresh token (in the body, or the dashboard cookie) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            refresh_token?: string;
          };
        };
      };
      responses: {
        /** @description New tokens */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TokenPair'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A readable list of these endpoints */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description HTML */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/html': string;
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/emails': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your analysed emails, paged and filtered */
    get: {
      parameters: {
        query?: {
          /** @description Received on or after this day (YYYY-MM-DD, UTC) */
          from?: string;
          mailbox_id?: number;
          page?: number;
          risk_level?: 'HIGH' | 'MEDIUM' | 'LOW' | 'SAFE' | 'all';
          /** @description Words and "phrases" over subject, sender and text; from:, subject:, -word, level:high, is:safe, after:/before:YYYY-MM-DD */
          search?: string;
          size?: number;
          sort_by?: 'timestamp' | 'received_at' | 'risk_score' | 'subject' | 'sender';
          sort_order?: 'asc' | 'desc';
          status?: 'new' | 'reviewed' | 'safe' | 'phishing' | 'false_positive' | 'quarantined' | 'all';
          time_range?: '1h' | '24h' | '7d' | '30d' | 'all';
          /** @description Received on or before this day (YYYY-MM-DD, UTC) */
          to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EmailPage'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/emails/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One email with its full analysis */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The email */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EmailDetail'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Remove our stored copy (the provider is never touched) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Detail'] & {
              id: number;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/emails/{id}/links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Links found in an email */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Links, each with your newest analysis of it */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              links: {
                /** @description Your newest completed analysis of this URL, if any */
                analysis: {
                  analysis_id: string;
                  created_at: string;
                  screenshot_url: string | null;
                  threat_score: number;
                  verdict: string;
                } | null;
                id: number;
                url: string;
              }[];
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/emails/{id}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The HTML part made inert (no scripts, forms, remote content or live links), under a sandboxing CSP, for a sandboxed frame */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Inert HTML */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/html': string;
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/emails/{id}/raw': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The message as stored (.eml), as a download */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The message */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'message/rfc822': string;
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/emails/{id}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Set the review status */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            reason?: string | null;
            /** @enum {string} */
            status: 'new' | 'reviewed' | 'safe' | 'phishing' | 'false_positive' | 'quarantined';
          };
        };
      };
      responses: {
        /** @description The email with its new status */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EmailSummary'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/emails/{id}/view': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The stored message as a person reads it: headers, text, attachments, links, authentication */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The message */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MessageView'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/emails/bulk-action': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Status change or removal for many emails */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            action:
              | 'mark_safe'
              | 'mark_phishing'
              | 'mark_false_positive'
              | 'mark_reviewed'
              | 'mark_new'
              | 'quarantine'
              | 'delete';
            email_ids: number[];
            reason?: string | null;
          };
        };
      };
      responses: {
        /** @description How many of them were yours and changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              action:
                | 'mark_safe'
                | 'mark_phishing'
                | 'mark_false_positive'
                | 'mark_reviewed'
                | 'mark_new'
                | 'quarantine'
                | 'delete';
              affected: number;
              requested: number;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/gmail-simple/analyze': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Analyse a page of your Gmail */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default 10 */
            max_emails?: number;
            page_token?: string | null;
            query?: string;
            user_email: string;
          };
        };
      };
      responses: {
        /** @description One page, analysed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              emails: components['schemas']['GmailMessage'][];
              next_page_token: string | null;
              total_emails: number;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/gmail/analyze': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Analyse your most recent Gmail */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default 10 */
            max_emails?: number;
            page_token?: string | null;
            query?: string;
            user_email: string;
          };
        };
      };
      responses: {
        /** @description Analysed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              emails: components['schemas']['GmailMessage'][];
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/links/{id}/analyze': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Follow a link from an email (redirects, TLS, cloaking)
     * @description Visits the link for real: for mail that looks legitimate this needs ?confirm=true (409 otherwise).
     */
    post: {
      parameters: {
        query?: {
          /** @description Follow links of mail that looks legitimate (SAFE/LOW) anyway */
          confirm?: 'true' | 'false';
        };
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The analysis */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RedirectAnalysis'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/links/{id}/screenshot': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Screenshot a link in headless Chromium (503 without a browser) */
    post: {
      parameters: {
        query?: {
          /** @description Follow links of mail that looks legitimate (SAFE/LOW) anyway */
          confirm?: 'true' | 'false';
        };
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Where to fetch the PNG */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              blocked_requests: string[];
              final_url: string;
              screenshot_url: string;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mailboxes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your mailboxes */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Your mailboxes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              mailboxes: components['schemas']['Mailbox'][];
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /** Add an IMAP mailbox (read-only; the password is stored encrypted). Private and loopback servers only for administrators or with --allow-private-network */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ImapMailboxBody'];
        };
      };
      responses: {
        /** @description Added */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Mailbox'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mailboxes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Forget one of your mailboxes and the mail stored from it (nothing changes at the provider) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              removed: number;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mailboxes/{id}/scan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start a background scan of an IMAP mailbox; poll GET /api/scans/{scan_id} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Started (or already running) */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              already_running: boolean;
              scan_id: number | null;
              /** @enum {string} */
              status: 'running';
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mailboxes/{id}/trust': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Which receiving server's Authentication-Results the mailbox trusts, and which server its stored mail says wrote them (a suggestion) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The trust and what the stored mail shows */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TrustReport'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /** Trust one receiving server's Authentication-Results for this mailbox (null: none); its stored mail is scored again in the background */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['TrustBody'];
        };
      };
      responses: {
        /** @description Set */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description stored messages being scored again */
              rescoring: number;
              trusted: string | null;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mailboxes/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Upload .eml/.msg/.mbox/.mbox.gz files into your local mailbox (multipart, field "file"; at most maxUploadMb, 200 MB by default) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'multipart/form-data': {
            file: string[];
          };
        };
      };
      responses: {
        /** @description Imported */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              added: number;
              duplicates: number;
              mailbox_id: number;
              processed: number;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OpenAPI 3.1 */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/auth/google': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Browser navigation: start Google sign-in (state + PKCE) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Redirect to Google’s consent page */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rest/auth/google/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** OAuth redirect URI → /connected?oauth_success=true&email=… or ?oauth_error=CODE */
    get: {
      parameters: {
        query?: {
          code?: string;
          error?: string;
          state?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Back to the dashboard */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/scans/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progress of a scan of one of your mailboxes */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The scan */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Scan'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/screenshots/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A stored screenshot of yours (PNG) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The PNG */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'image/png': string;
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/senders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your senders as your history knows them: messages, days, authenticated domain, your marks */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Senders, most frequent first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              senders: components['schemas']['Sender'][];
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/senders/forget': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Undo your marks on a sender (an address or an authenticated domain) and rescore its mail */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            identity: string;
          };
        };
      };
      responses: {
        /** @description Forgotten */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              identity: string;
              rescored: number;
              unmarked: number;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/system/evaluation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The engine’s own measured figures (docs/evaluation.json) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Figures, or {available: false} */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Evaluation'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/system/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Database, browser engine and mailbox connectors (details for administrators) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Healthy */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Health'];
          };
        };
        /** @description Unhealthy */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Health'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/system/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Counts by level, mailboxes, scans, engine version */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Your figures */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Stats'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/system/timeline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your mail per received day and risk level, for the last `days` days (UTC) */
    get: {
      parameters: {
        query?: {
          days?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One entry per day, oldest first, days without mail included */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              days: {
                day: string;
                HIGH: number;
                LOW: number;
                MEDIUM: number;
                SAFE: number;
              }[];
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/test-oauth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Which Google sign-in settings are present (never their values), for the /oauth-test page */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The settings present */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OAuthConfig'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/test/auth/google': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Browser navigation: start Google sign-in from /oauth-test */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Redirect to Google’s consent page */
        302: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/test/oauth/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The Google consent URL, for the debug page */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Where to send the browser */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              auth_url: string;
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description You */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['User'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/redirect-analysis/analyze': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Full redirect analysis of a URL */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default true */
            include_cloaking_detection?: boolean;
            /** @default 10 */
            max_redirects?: 5 | 10 | 15 | 20;
            /**
             * @default comprehensive
             * @enum {string}
             */
            mode?: 'comprehensive' | 'quick';
            /** @default 30 */
            timeout_seconds?: 15 | 30 | 45 | 60;
            url: string;
          };
        };
      };
      responses: {
        /** @description The analysis */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RedirectAnalysis'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/redirect-analysis/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your recent link analyses, newest first (completed ones; a URL that could not be fetched is not kept) */
    get: {
      parameters: {
        query?: {
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Recent analyses */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              analyses: {
                analysis_id: string;
                created_at: string;
                threat_score: number;
                url: string;
                verdict: string;
              }[];
            };
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/redirect-analysis/quick-scan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Quick verdict for a URL */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            url: string;
          };
        };
      };
      responses: {
        /** @description The verdict */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['QuickScanResult'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/redirect-analysis/results/{analysis_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of your stored link analyses, in full */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          analysis_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The analysis */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RedirectAnalysis'];
          };
        };
        /** @description Error: {detail, code}, with issues per field on 422 */
        default: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AuditRow: {
      action: string;
      address: string | null;
      at: string;
      detail: {
        [key: string]: unknown;
      };
      id: number;
      outcome: string;
      target: string | null;
      user_id: number | null;
      username: string | null;
    };
    Detail: {
      detail: string;
    };
    EmailDetail: components['schemas']['EmailSummary'] & {
      analysis?: {
        confidence: number;
        engine_version: string;
        indicators: components['schemas']['Indicator'][];
        is_phishing: boolean;
        model: {
          probability: number | null;
          top_terms: string[];
          used: boolean;
        };
      };
    };
    EmailPage: {
      emails: components['schemas']['EmailSummary'][];
      page: number;
      pages: number;
      size: number;
      total: number;
    };
    /** @enum {string} */
    EmailStatus: 'new' | 'reviewed' | 'safe' | 'phishing' | 'false_positive' | 'quarantined';
    EmailSummary: {
      id: number;
      mailbox_id: number;
      message_id: string | null;
      phishing_analysis: components['schemas']['PhishingAnalysis'] | null;
      received_at: string | null;
      sender: string;
      size: number;
      snippet: string;
      status: components['schemas']['EmailStatus'];
      status_reason: string | null;
      subject: string;
    };
    EmailTestResult: {
      analysis_details: {
        content_analysis: {
          suspicious_patterns: string[];
          urgency_score: number;
        };
        sender_analysis: {
          auth_status: string;
          /** @enum {string} */
          domain_trust: 'trusted' | 'unknown' | 'suspicious';
        };
      };
      confidence: number;
      indicators_detail: components['schemas']['Indicator'][];
      is_phishing: boolean;
      phishing_analysis: components['schemas']['PhishingAnalysis'];
      recommendations: string[];
      /** @enum {string} */
      risk_level: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';
      risk_score: number;
      threats_detected: string[];
      timestamp: string;
    };
    Error: {
      code: string;
      detail: string;
      issues?: {
        field: string;
        message: string;
      }[];
      request_id?: string;
    };
    Evaluation:
      | {
          /** @enum {boolean} */
          available: false;
        }
      | {
          /** @enum {boolean} */
          available: true;
          dev_false_positive_rate: number;
          dev_recall: number;
          engine_version: string;
          false_positive_rate: number;
          forward_from: string;
          generated: string;
          messages_evaluated: number;
          model_checksum: string;
          phishing_recall: number;
          phishing_recall_interval: {
            hi: number;
            lo: number;
          } | null;
          phishing_recall_pasted: number;
          phishing_recall_pasted_interval: {
            hi: number;
            lo: number;
          } | null;
          unseen_collection_recall: {
            max: number;
            min: number;
          } | null;
          worst_source_false_positive_rate: number;
        };
    GmailMessage: {
      id: string;
      phishing_analysis: components['schemas']['PhishingAnalysis'];
      received_at: string | null;
      sender: string;
      snippet: string;
      subject: string;
    };
    GmailWatch: {
      expiration?: string | null;
      historyId?: string | null;
      stopped?: boolean;
    };
    Health: {
      components: {
        browser_engine: {
          detail?: string;
          ok: boolean;
        };
        database: {
          detail?: string;
          ok: boolean;
        };
        mailbox_connectors: {
          gmail: string;
          imap: string;
          local_files: string;
        };
      };
      engine_version: string;
      model_loaded: boolean;
      /** @enum {string} */
      status: 'healthy' | 'unhealthy';
      timestamp: string;
    };
    Hop: {
      content_hash: string | null;
      content_length: number;
      content_type: string | null;
      error: string | null;
      hop_number: number;
      ip_address: string | null;
      javascript_redirects: string[];
      meta_refresh_delay: number | null;
      /** @enum {string} */
      method: 'GET';
      /** @enum {string} */
      redirect_type: 'initial' | 'http' | 'refresh-header' | 'meta-refresh' | 'javascript' | 'browser';
      response_time_ms: number;
      status_code: number | null;
      suspicious_patterns: string[];
      tls_certificate: {
        hostname_matches: boolean;
        is_expired: boolean;
        is_valid: boolean;
        issuer_organization: string | null;
        not_after: string | null;
        not_yet_valid: boolean;
        self_signed: boolean;
        subject: string | null;
        validation_errors: string[];
      } | null;
      url: string;
    };
    ImapMailboxBody: {
      authserv_id?: string | null;
      /** @default INBOX */
      folder: string;
      host: string;
      /** @default false */
      insecure_tls: boolean;
      password: string;
      port?: number;
      /**
       * @default tls
       * @enum {string}
       */
      security: 'tls' | 'starttls' | 'none';
      username: string;
    };
    Indicator: {
      evidence: string[];
      explanation: string;
      /** @enum {string} */
      family:
        'auth' | 'sender' | 'lookalike' | 'links' | 'content' | 'attachments' | 'model' | 'history' | 'parse';
      id: string;
      /** @enum {string} */
      severity: 'info' | 'low' | 'medium' | 'high' | 'critical';
      weight: number;
    };
    IntelResults: {
      query: string;
      results: (
        | {
            id: number;
            matched_indicators: string[];
            received_at: string | null;
            risk_level: components['schemas']['RiskLevel'] | null;
            risk_score: number | null;
            sender: string;
            subject: string;
            /** @enum {string} */
            type: 'email';
          }
        | {
            analysis_id: string;
            created_at: string;
            threat_score: number;
            /** @enum {string} */
            type: 'url';
            url: string;
            verdict: string;
          }
      )[];
      /** @enum {string} */
      source: 'all' | 'emails' | 'urls' | 'indicators';
      total: number;
    };
    Mailbox: {
      address: string;
      /** @description The receiving server whose Authentication-Results may lower this mailbox's scores (Gmail: mx.google.com); null: none */
      authserv_id: string | null;
      created_at: string;
      id: number;
      /** @enum {string} */
      kind: 'gmail' | 'imap' | 'local';
      last_scan: components['schemas']['Scan'] | null;
      last_scan_at: string | null;
    };
    MessageView: {
      attachments: {
        filename: string;
        mime_type: string;
        size: number;
      }[];
      authentication: {
        arc: string | null;
        authserv_id: string;
        dkim: string | null;
        dmarc: string | null;
        header: string;
        spf: string | null;
        /** @description Written by a receiving server this mailbox trusts (else anyone on the path could have) */
        trusted: boolean;
      } | null;
      has_html: boolean;
      headers: {
        name: string;
        value: string;
      }[];
      links: {
        /** @description For a link read from a QR code: the picture (or PDF) that holds it */
        qr_picture?: string;
        text: string;
        url: string;
        /** @description For a link through a well-known site's open redirect: the redirect (google.co.uk/amp); url is where it leads */
        via?: string;
      }[];
      text: string;
      warnings: string[];
    };
    OAuthConfig: {
      allowed_domains: string[];
      client_id_set: boolean;
      client_secret_set: boolean;
      configured: boolean;
      detail?: string;
      pubsub_topic_set: boolean;
      redirect_uri: string | null;
      scopes: string[];
    };
    PhishingAnalysis: {
      indicators: string[];
      risk_level: components['schemas']['RiskLevel'];
      risk_score: number;
      summary: string;
    };
    QuickScanResult: {
      analysis_time_ms: number;
      cloaking_detected: boolean;
      final_url: string;
      key_indicators: string[];
      redirect_count: number;
      threat_score: number;
      /** @enum {string} */
      verdict: 'malicious' | 'suspicious' | 'safe' | 'error';
    };
    RedirectAnalysis: {
      analysis_id: string;
      analysis_metadata: {
        [key: string]: unknown;
      };
      analysis_summary: {
        analysis_duration_ms: number;
        cloaking_confidence: number;
        cloaking_detected: boolean;
        final_destination: string;
        https_coverage: number;
        suspicious_patterns_count: number;
        threat_score: number;
        total_redirects: number;
        unique_domains: number;
      };
      cached: boolean;
      cloaking_analysis: {
        browser_behavior: {
          [key: string]: unknown;
        };
        cloaking_confidence: number;
        cloaking_detected: boolean;
        cloaking_indicators: string[];
        content_differences: {
          [key: string]: unknown;
        };
        cross_ua_differences: {
          final_status: number | null;
          final_url: string;
          has_password_form: boolean;
          hops: number;
          profile: string;
          text_sample: string;
          title: string | null;
        }[];
        js_behavior: {
          [key: string]: unknown;
        };
      };
      execution_time_ms: number;
      explanation: string;
      final_url: string;
      original_url: string;
      redirect_chain: components['schemas']['Hop'][];
      security_findings: {
        cert_hostname_mismatch: boolean;
        /** @enum {string} */
        domain_reputation: 'popular' | 'unknown' | 'suspicious';
        ip_domain_mismatch: boolean;
        ssl_issues: string[];
        suspicious_patterns: string[];
        suspicious_tld: boolean;
      };
      threat_indicators: {
        description: string;
        evidence: string;
        id: string;
        /** @enum {string} */
        severity: 'low' | 'medium' | 'high' | 'critical';
      }[];
      threat_score: number;
      timestamp: string;
      timing_analysis: {
        deadline_hit: boolean;
        deadline_ms: number;
        per_hop_ms: number[];
        slowest_hop: number | null;
        total_ms: number;
      };
      /** @enum {string} */
      verdict: 'malicious' | 'suspicious' | 'safe' | 'error';
    };
    /** @enum {string} */
    RiskLevel: 'HIGH' | 'MEDIUM' | 'LOW' | 'SAFE';
    Scan: {
      added: number;
      error: string | null;
      finished_at: string | null;
      id: number;
      mailbox_id: number;
      processed: number;
      started_at: string;
      /** @enum {string} */
      status: 'running' | 'done' | 'failed' | 'interrupted';
      total: number | null;
    };
    Sender: {
      address: string;
      authenticated_domain: string | null;
      days: number;
      firstSeen: string | null;
      lastSeen: string | null;
      markedFalsePositive: number;
      markedPhishing: number;
      markedSafe: number;
      messages: number;
    };
    Stats: {
      by_risk_level: {
        [key: string]: number;
      };
      emails_total: number;
      engine_version: string;
      mailboxes: {
        address: string;
        /** @description The receiving server whose Authentication-Results may lower this mailbox's scores (Gmail: mx.google.com); null: none */
        authserv_id: string | null;
        id: number;
        /** @enum {string} */
        kind: 'gmail' | 'imap' | 'local';
        last_scan: components['schemas']['Scan'] | null;
        last_scan_at: string | null;
      }[];
      model_loaded: boolean;
    };
    TokenPair: {
      access_token: string;
      expires_in: number;
      refresh_token: string;
      /** @enum {string} */
      token_type: 'bearer';
      user: components['schemas']['User'];
    };
    TrustBody: {
      authserv_id: string | null;
    };
    TrustReport: {
      /** @description stored messages read, the newest first */
      sampled: number;
      seen: {
        authserv_id: string;
        messages: number;
      }[];
      /** @description the receiving server that wrote the topmost header of nearly all of them, if one did */
      suggested: string | null;
      trusted: string | null;
      /** @description how many of them carry an Authentication-Results header */
      with_results: number;
    };
    User: {
      email: string | null;
      id: number;
      is_admin: boolean;
      must_change_password: boolean;
      name: string;
      username: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
