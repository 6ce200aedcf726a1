/** The score as a half-circle gauge coloured by level, with the number in words for screen readers. */
export function ScoreGauge({ score, level }: { score: number; level: string }) {
  const r = 40;
  const length = Math.PI * r;
  const filled = (Math.max(0, Math.min(100, score)) / 100) * length;
  return (
    <figure
      className={`gauge risk-${level.toLowerCase()}`}
      aria-label={`Risk score ${score} out of 100, ${level}`}
    >
      <svg viewBox="0 0 100 56" width="120" height="68" aria-hidden="true">
        <path d="M10 50 A40 40 0 0 1 90 50" className="gauge-track" />
        <path d="M10 50 A40 40 0 0 1 90 50" className="gauge-fill" strokeDasharray={`${filled} ${length}`} />
        <text x="50" y="48" textAnchor="middle" className="gauge-number">
          {score}
        </text>
      </svg>
      <figcaption className="small">{level}</figcaption>
    </figure>
  );
}
