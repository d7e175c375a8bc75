import '../../styles/avatar.css';
interface AvatarProps {
  name: string;
  src: string | null | undefined;
  alt: string;
  size?: 'md' | 'lg';
  className?: string;
}

/** A round photo, or the name's initial on the accent gradient when there is none; alt '' = decorative. */
export function Avatar({ name, src, alt, size = 'md', className }: AvatarProps) {
  const classes = ['avatar', `avatar--${size}`, className].filter(Boolean).join(' ');
  if (src) return <img className={classes} src={src} alt={alt} loading="lazy" decoding="async" />;
  return (
    <span className={`${classes} avatar--initial`} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
      <span aria-hidden="true">{name.slice(0, 1).toLocaleUpperCase('de') || '?'}</span>
    </span>
  );
}
