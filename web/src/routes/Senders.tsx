import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, client } from '../api';
import { Header } from '../components/Header';
import { when } from '../components/Risk';
import { useNotifications } from '../notifications';

/**
 * What PhishGuard learned from this person's own mail and marks, per sender, and how to undo
 * it: the history lowers scores for authenticated senders seen often, and marks teach it more.
 */
export function Senders() {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [filter, setFilter] = useState('');
  const senders = useQuery({ queryKey: ['senders'], queryFn: () => call(client.GET('/api/senders')) });
  const rows = (senders.data?.senders ?? []).filter(
    (s) =>
      !filter ||
      s.address.includes(filter.toLowerCase()) ||
      s.authenticated_domain?.includes(filter.toLowerCase()),
  );
  const forget = async (identity: string) => {
    try {
      const r = await call(client.POST('/api/senders/forget', { body: { identity } }));
      notify('success', `Forgot your marks on ${identity}: ${r.unmarked} unmarked, ${r.rescored} rescored`);
      await Promise.all(
        [['senders'], ['emails'], ['email'], ['stats']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    } catch (err) {
      notify('error', (err as Error).message);
    }
  };
  return (
    <div className="app">
      <Header title="Senders" />
      <main className="page">
        <h2>What your mail taught PhishGuard</h2>
        <p className="muted">
          A sender whose mail authenticates (DMARC pass or aligned DKIM) and who has written to you often,
          with none of it marked phishing, scores lower; a message imitating one of them scores higher. Your
          marks count too. Forgetting a sender undoes your marks on it and scores its mail again.
        </p>
        <input
          type="search"
          aria-label="Filter senders"
          placeholder="Filter by address or domain"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {senders.isLoading && <p role="status">Loading…</p>}
        {senders.isSuccess && rows.length === 0 && <p className="empty">Nothing learned yet.</p>}
        <div className="table-wrap" role="region" aria-label="Senders table" tabIndex={0}>
          <table className="senders-table">
            <thead>
              <tr>
                <th scope="col">Sender</th>
                <th scope="col">Messages</th>
                <th scope="col">Seen</th>
                <th scope="col">Your marks</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => {
                const marks = s.markedSafe + s.markedPhishing + s.markedFalsePositive;
                return (
                  <tr key={`${s.address}|${s.authenticated_domain ?? ''}`} data-testid="sender-row">
                    <td>
                      <span className="address">{s.address}</span>
                      {s.authenticated_domain && (
                        <span className="muted small"> · authenticated for {s.authenticated_domain}</span>
                      )}
                    </td>
                    <td>
                      {s.messages} on {s.days} day{s.days === 1 ? '' : 's'}
                    </td>
                    <td className="small">
                      {when(s.firstSeen)} – {when(s.lastSeen)}
                    </td>
                    <td>
                      {marks === 0
                        ? 'none'
                        : [
                            s.markedSafe ? `${s.markedSafe} safe` : '',
                            s.markedPhishing ? `${s.markedPhishing} phishing` : '',
                            s.markedFalsePositive ? `${s.markedFalsePositive} false positive` : '',
                          ]
                            .filter(Boolean)
                            .join(', ')}
                      {marks > 0 && (
                        <>
                          {' '}
                          <Link to={`/dashboard?q=${encodeURIComponent(s.address)}`}>see them</Link>
                        </>
                      )}
                    </td>
                    <td>
                      {marks > 0 && (
                        <button
                          type="button"
                          className="secondary small"
                          onClick={() => void forget(s.address)}
                        >
                          Forget marks
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </main>
    </div>
  );
}
