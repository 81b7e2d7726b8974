import { l10n } from './l10n';
/** "3 min ago" style times; exact time in the title attribute. */
export function relativeTime(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return l10n.t('just now');
  const m = Math.round(s / 60);
  if (m < 60) return l10n.t('{0} min ago', m);
  const h = Math.round(m / 60);
  if (h < 24) return l10n.t('{0} h ago', h);
  const d = Math.round(h / 24);
  if (d < 30) return l10n.t('{0} d ago', d);
  return new Date(t).toISOString().slice(0, 10);
}

export const lineLabel = (start: number, end: number): string => (start === end ? `L${start}` : `L${start}–${end}`);
