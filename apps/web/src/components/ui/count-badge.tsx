interface CountBadgeProps {
  count: number;
  /** What the count means, read out instead of the bare number ('2 neue Flirts'). */
  label: string;
  testId: string;
}

/** A small count beside a link (unread messages, new matches and flirts); nothing at zero, '99+' beyond. */
export function CountBadge({ count, label, testId }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge" data-testid={testId}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
