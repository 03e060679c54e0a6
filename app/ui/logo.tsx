import classes from './site-chrome.module.css';

/** The Privy mark: a door with a keyhole, drawn inline so it needs no request. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="4" y="2" width="24" height="28" rx="6" fill="var(--mantine-color-teal-7)" />
      <rect x="9" y="7" width="14" height="20" rx="3" fill="var(--mantine-color-teal-1)" />
      <circle cx="16" cy="16" r="2.6" fill="var(--mantine-color-teal-8)" />
      <rect x="15" y="17" width="2" height="5" rx="1" fill="var(--mantine-color-teal-8)" />
    </svg>
  );
}

/** The mark and the word; plain markup (site-chrome.module.css) as it is in every page's header and footer. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <div className={classes.logo}>
      <LogoMark size={size} />
      <p
        className={classes.logoWord}
        style={{ fontSize: `calc(${(size * 0.75) / 16}rem * var(--mantine-scale))` }}
      >
        Privy
      </p>
    </div>
  );
}
