import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, client } from '../api';
import { Header } from '../components/Header';

export const SAMPLES = [
  {
    name: 'Suspicious payment service',
    subject: 'Urgent: Verify Your PayPal Account',
    sender: 'security@paypal-verification.com',
    content:
      'Dear Customer,\n\nWe noticed unusual activity on your PayPal account. Your account has been limited. Click here to verify your account within 24 hours or it will be suspended:\n\nhttp://paypal-verify.suspicious-domain.com/login\n\nPayPal Security Team',
  },
  {
    name: 'Fake bank alert',
    subject: 'Security Alert: Unusual Sign-in Activity',
    sender: 'alerts@bankofamerica-secure.net',
    content:
      'Dear valued customer,\n\nWe detected an unauthorized login attempt on your online banking. For your protection your access has been restricted. Please confirm your identity and enter your password at https://bankofamerica-secure.net/verify to restore access.\n\nBank of America Online Security',
  },
  {
    name: 'Legitimate newsletter',
    subject: 'Your weekly digest from Medium',
    sender: 'noreply@medium.com',
    content:
      'Here are this week’s top stories from writers you follow: “Designing calm software”, “A field guide to SQLite”, and more. Read them on Medium. You can change which emails you receive in your settings.',
  },
];

export function TestEmail() {
  const [subject, setSubject] = useState('');
  const [sender, setSender] = useState('');
  const [content, setContent] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: () => call(client.POST('/api/analyze/email', { body: { subject, sender, content } })),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!subject.trim() || !sender.trim() || !content.trim())
      return setFormError('Please fill in all required fields');
    setFormError(null);
    run.mutate();
  };
  const r = run.data;
  return (
    <div className="app">
      <Header title="Email Analysis Test" />
      <main className="page">
        <div className="actions" aria-label="Sample emails">
          {SAMPLES.map((s) => (
            <button
              key={s.name}
              type="button"
              className="secondary"
              onClick={() => {
                setSubject(s.subject);
                setSender(s.sender);
                setContent(s.content);
                setFormError(null);
              }}
            >
              Load sample: {s.name}
            </button>
          ))}
        </div>
        <form className="card" onSubmit={submit} noValidate aria-label="Email to analyse">
          <label htmlFor="subject">Subject</label>
          <input id="subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
          <label htmlFor="sender">Sender</label>
          {/* Text, not type="email": a sender is pasted as mail shows it ("Name <address>"), and
              a phishing address need not be one a browser would accept. */}
          <input
            id="sender"
            type="text"
            inputMode="email"
            autoComplete="off"
            placeholder="Name <address@example.com>"
            value={sender}
            onChange={(e) => setSender(e.target.value)}
          />
          <label htmlFor="content">Email Content</label>
          <p id="content-hint" className="muted small">
            Include the addresses of its links (right-click a link or button, then copy the link address;
            copying does not open it): where the links go tells a real notice from its imitation, and copied
            text leaves them behind.
          </p>
          <textarea
            id="content"
            rows={10}
            value={content}
            aria-describedby="content-hint"
            onChange={(e) => setContent(e.target.value)}
          />
          {formError && <p className="field-error">{formError}</p>}
          <button type="submit" className="button" disabled={run.isPending}>
            {run.isPending ? 'Analysing…' : 'Analyze Email'}
          </button>
        </form>
        {run.isError && (
          <p className="error-box" role="alert">
            Failed to analyze email: {run.error.message}
          </p>
        )}
        {r && (
          <section className="card result" aria-label="Analysis result" data-testid="test-result">
            <h2>
              {r.is_phishing ? 'Phishing' : 'Not phishing'} —{' '}
              <span
                className={`badge risk-${r.risk_level === 'CRITICAL' ? 'high' : r.risk_level.toLowerCase()}`}
              >
                {r.risk_level}
              </span>
            </h2>
            <p>
              Score {r.risk_score}/100 · confidence {(r.confidence * 100).toFixed(0)}%
            </p>
            <h3>Threats</h3>
            <ul>
              {r.threats_detected.length ? (
                r.threats_detected.map((t) => <li key={t}>{t}</li>)
              ) : (
                <li>None detected</li>
              )}
            </ul>
            <h3>Recommendations</h3>
            <ul>
              {r.recommendations.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <h3>Analysis details</h3>
            <p>
              Sender: domain trust {r.analysis_details.sender_analysis.domain_trust}; authentication{' '}
              {r.analysis_details.sender_analysis.auth_status}
            </p>
            <p>
              Urgency {r.analysis_details.content_analysis.urgency_score.toFixed(2)}; patterns{' '}
              {r.analysis_details.content_analysis.suspicious_patterns.join(', ') || 'none'}
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
