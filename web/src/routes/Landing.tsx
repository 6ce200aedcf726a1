import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { call, client } from '../api';
import { ConnectGmail } from '../components/ConnectGmail';

const pct = (x: number | undefined, digits = 1) => (x === undefined ? '—' : `${(x * 100).toFixed(digits)}%`);
/** A 95% interval as a person reads it, "93.8–97.1% at 95% confidence"; nothing for an older report. */
function Interval({ ci, testId }: { ci: { lo: number; hi: number } | null | undefined; testId?: string }) {
  if (!ci) return null;
  return (
    <small data-testid={testId}>
      {(ci.lo * 100).toFixed(1)}–{(ci.hi * 100).toFixed(1)}% at 95% confidence
    </small>
  );
}

export function Landing() {
  // The figures are the engine's own measurements (npm run eval), not marketing numbers.
  const figures = useQuery({
    queryKey: ['evaluation'],
    queryFn: () => call(client.GET('/api/system/evaluation')),
  });
  // Only a report that exists has figures; otherwise every figure reads as a dash.
  const f = figures.data?.available ? figures.data : undefined;
  return (
    <main className="landing">
      <section className="hero">
        <h1>PhishGuard</h1>
        <p className="lead">
          Review your own mailbox for phishing: every message scored out of 100, with the evidence behind the
          score.
        </p>
        <div className="actions">
          <ConnectGmail>Connect Gmail Account</ConnectGmail>
          <Link className="button secondary" to="/login">
            Sign in
          </Link>
        </div>
        <p className="muted">
          Read-only access: PhishGuard can read your mail to analyse it. It cannot send, delete or change
          mail, or use other Google services.
        </p>
      </section>
      <section className="figures" aria-label="Measured performance">
        <div className="figure">
          <strong data-testid="figure-recall">{pct(f?.phishing_recall)}</strong>
          <span>of phishing newer than anything the model learned from caught</span>
          <Interval ci={f?.phishing_recall_interval} testId="figure-recall-interval" />
        </div>
        <div className="figure">
          <strong data-testid="figure-recall-pasted">{pct(f?.phishing_recall_pasted)}</strong>
          <span>of the same phishing caught when its text is pasted into the test page</span>
          <Interval ci={f?.phishing_recall_pasted_interval} />
        </div>
        <div className="figure">
          <strong data-testid="figure-unseen-collection">
            {f?.unseen_collection_recall
              ? `${Math.round(f.unseen_collection_recall.min * 100)}–${Math.round(f.unseen_collection_recall.max * 100)}%`
              : '—'}
          </strong>
          <span>
            of phishing from a collection the model never learned from caught (each of two collections left
            out in turn)
          </span>
        </div>
        <div className="figure">
          <strong data-testid="figure-fp">{pct(f?.false_positive_rate, 2)}</strong>
          <span>
            of legitimate mail from sources the model never saw wrongly flagged (worst source{' '}
            {pct(f?.worst_source_false_positive_rate)})
          </span>
        </div>
      </section>
      <p className="muted small">
        {f
          ? `Evaluated ${f.generated?.slice(0, 10)} on ${f.messages_evaluated?.toLocaleString() ?? '—'} public messages: phishing dated from ${f.forward_from ?? '—'} on, with the model trained only on earlier mail, and each legitimate source left out of training in turn. On the usual random split (same sources and months as training) it reads ${pct(f.dev_recall)} caught and ${pct(f.dev_false_positive_rate, 2)} flagged, which flatters. Your mailbox may differ.`
          : 'No evaluation report is bundled with this build.'}
      </p>
      <section className="notice-box" aria-label="Security notice">
        <h2>About Google's “unverified app” warning</h2>
        <p>
          PhishGuard runs on your own machine with your own Google Cloud credentials, so Google may show an
          “unverified app” screen. Choose Advanced → Continue only if you set this instance up yourself.
        </p>
      </section>
    </main>
  );
}
