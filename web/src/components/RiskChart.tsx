import { useQuery } from '@tanstack/react-query';
import { call, client } from '../api';

const LEVELS = ['SAFE', 'LOW', 'MEDIUM', 'HIGH'] as const;

/** Mail per day for the last 30 days, stacked by level; a table holds the same for screen readers. */
export function RiskChart() {
  const q = useQuery({
    queryKey: ['stats', 'timeline'],
    queryFn: () => call(client.GET('/api/system/timeline', { params: { query: { days: 30 } } })),
  });
  const days = q.data?.days ?? [];
  if (days.length === 0) return null;
  const max = Math.max(1, ...days.map((d) => d.HIGH + d.MEDIUM + d.LOW + d.SAFE));
  const w = 6;
  const gap = 2;
  const h = 60;
  const risky = days.reduce((n, d) => n + d.HIGH + d.MEDIUM, 0);
  return (
    <figure className="risk-chart" data-testid="risk-chart">
      <figcaption className="small muted">
        Last 30 days: {days.reduce((n, d) => n + d.HIGH + d.MEDIUM + d.LOW + d.SAFE, 0)} messages, {risky}{' '}
        HIGH or MEDIUM
      </figcaption>
      <svg viewBox={`0 0 ${days.length * (w + gap)} ${h}`} preserveAspectRatio="none" aria-hidden="true">
        {days.map((d, i) => {
          let y = h;
          return LEVELS.map((l) => {
            const bar = (d[l] / max) * h;
            y -= bar;
            return bar > 0 ? (
              <rect
                key={`${d.day}-${l}`}
                x={i * (w + gap)}
                y={y}
                width={w}
                height={bar}
                className={`bar-${l.toLowerCase()}`}
              >
                <title>{`${d.day}: ${d[l]} ${l}`}</title>
              </rect>
            ) : null;
          });
        })}
      </svg>
      {/* A table ignores a 1 px width: the wrapper is what hides it. */}
      <div className="visually-hidden">
        <table>
          <caption>Messages per day by risk level</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {LEVELS.map((l) => (
                <th key={l} scope="col">
                  {l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                {LEVELS.map((l) => (
                  <td key={l}>{d[l]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
