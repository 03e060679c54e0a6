import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

/*
 * Mantine's Button, ActionIcon and Burger as the markup they render for the few fixed looks the
 * header and the home page use. On the server each Mantine button resolves its props, styles and
 * colour variables (parsing the theme colours) on every render, which the home page paid a dozen
 * times per visitor (docs/PERFORMANCE.md, SSR section). The classes and variables are Mantine's own,
 * so Mantine's stylesheet draws them; static-button.test.tsx checks the markup still equals what
 * Mantine renders, so an upgrade that changes it fails a test instead of the look.
 */

const BUTTON_CLASS =
  'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';

/**
 * 'teal' is `variant="filled"` given explicitly (Mantine then writes the colour variables out);
 * 'subtle-gray' is `variant="subtle" color="gray"`.
 */
type Variant = 'filled' | 'teal' | 'subtle' | 'subtle-gray' | 'default';

const BORDER = 'calc(0.0625rem * var(--mantine-scale))';
const VARIANT_VARS: Record<Variant, Record<string, string>> = {
  filled: { '--button-color': 'var(--mantine-color-white)' },
  teal: {
    '--button-bg': 'var(--mantine-color-teal-filled)',
    '--button-hover': 'var(--mantine-color-teal-filled-hover)',
    '--button-color': 'var(--mantine-color-white)',
    '--button-bd': `${BORDER} solid transparent`,
  },
  subtle: {
    '--button-bg': 'transparent',
    '--button-hover': 'var(--mantine-color-teal-light-hover)',
    '--button-color': 'var(--mantine-color-teal-light-color)',
    '--button-bd': `${BORDER} solid transparent`,
  },
  'subtle-gray': {
    '--button-bg': 'transparent',
    '--button-hover': 'var(--mantine-color-gray-light-hover)',
    '--button-color': 'var(--mantine-color-gray-light-color)',
    '--button-bd': `${BORDER} solid transparent`,
  },
  default: {
    '--button-bg': 'var(--mantine-color-default)',
    '--button-hover': 'var(--mantine-color-default-hover)',
    '--button-color': 'var(--mantine-color-default-color)',
    '--button-bd': `${BORDER} solid var(--mantine-color-default-border)`,
  },
};
type Size = 'sm' | 'md' | 'compact-sm';
const SIZE_VARS: Record<Size, Record<string, string>> = {
  sm: {},
  md: {
    '--button-height': 'var(--button-height-md)',
    '--button-padding-x': 'var(--button-padding-x-md)',
    '--button-fz': 'var(--mantine-font-size-md)',
  },
  'compact-sm': {
    '--button-height': 'var(--button-height-compact-sm)',
    '--button-padding-x': 'var(--button-padding-x-compact-sm)',
    '--button-fz': 'var(--mantine-font-size-sm)',
  },
};

type ButtonLook = {
  variant?: Variant;
  size?: Size;
  fullWidth?: boolean;
  leftSection?: ReactNode;
  /** a top margin in px (Mantine's `mt`) */
  mt?: number;
  loading?: boolean;
};

const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

function buttonProps({ variant = 'filled', size = 'sm', fullWidth, leftSection, mt, loading }: ButtonLook) {
  return {
    style: {
      ...SIZE_VARS[size],
      ...VARIANT_VARS[variant],
      ...(mt === undefined ? {} : { marginTop: rem(mt) }),
    } as CSSProperties,
    className: loading ? BUTTON_CLASS.replace(' mantine-active', '') : BUTTON_CLASS,
    'data-variant':
      variant === 'filled'
        ? undefined
        : variant === 'teal'
          ? 'filled'
          : variant === 'subtle-gray'
            ? 'subtle'
            : variant,
    'data-size': size === 'sm' ? undefined : size,
    'data-loading': loading ? 'true' : undefined,
    'data-block': fullWidth ? 'true' : undefined,
    'data-with-left-section': leftSection ? 'true' : undefined,
  };
}

const LOADER_STYLE = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'center',
  opacity: 1,
  transform: 'translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))',
} as CSSProperties;
const LOADER_VARS = {
  '--loader-size': 'calc(var(--button-height) / 1.8)',
  '--loader-color': 'var(--button-color)',
} as CSSProperties;

function ButtonInner({
  children,
  leftSection,
  loading,
}: {
  children: ReactNode;
  leftSection?: ReactNode;
  loading?: boolean;
}) {
  return (
    <>
      {loading && (
        <span style={LOADER_STYLE} className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <span style={LOADER_VARS} className="m_b34414df m_5ae2e3c mantine-Loader-root" />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection && (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        )}
        <span className="m_811560b9 mantine-Button-label" data-loading={loading ? 'true' : undefined}>
          {children}
        </span>
      </span>
    </>
  );
}

/** `<Button component={Link} to=… variant=…>`: a router link drawn as a Mantine button. */
export function LinkButton({
  to,
  children,
  replace,
  preventScrollReset,
  'aria-current': current,
  ...look
}: ButtonLook & {
  to: string;
  children: ReactNode;
  replace?: boolean;
  preventScrollReset?: boolean;
  'aria-current'?: 'date' | 'page';
}) {
  return (
    <Link
      {...buttonProps(look)}
      to={to}
      replace={replace}
      preventScrollReset={preventScrollReset}
      aria-current={current}
    >
      <ButtonInner leftSection={look.leftSection}>{children}</ButtonInner>
    </Link>
  );
}

/**
 * A Mantine button's look on a plain in-page link (`href="#…"`): the browser follows it before the
 * page is live; `onClick` may do better once it is (the listing's sticky bar, ADR 116).
 */
export function AnchorButton({
  href,
  children,
  onClick,
  ...look
}: ButtonLook & {
  href: `#${string}`;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <a {...buttonProps(look)} href={href} onClick={onClick}>
      <ButtonInner leftSection={look.leftSection}>{children}</ButtonInner>
    </a>
  );
}

/** `<Button type="submit" …>`: a form's submit button drawn as a Mantine button. */
export function SubmitButton({ children, ...look }: ButtonLook & { children: ReactNode }) {
  return (
    <button {...buttonProps(look)} type="submit" disabled={look.loading || undefined}>
      <ButtonInner leftSection={look.leftSection} loading={look.loading}>
        {children}
      </ButtonInner>
    </button>
  );
}

/** `<Button onClick=…>` (type "button"). */
export function StaticButton({
  children,
  onClick,
  'data-testid': testId,
  ...look
}: ButtonLook & { children: ReactNode; onClick: () => void; 'data-testid'?: string }) {
  return (
    <button {...buttonProps(look)} type="button" onClick={onClick} data-testid={testId}>
      <ButtonInner leftSection={look.leftSection}>{children}</ButtonInner>
    </button>
  );
}

const ACTION_ICON_STYLE = {
  '--ai-size': 'var(--ai-size-lg)',
  '--ai-bg': 'var(--mantine-color-default)',
  '--ai-hover': 'var(--mantine-color-default-hover)',
  '--ai-color': 'var(--mantine-color-default-color)',
  '--ai-bd': `${BORDER} solid var(--mantine-color-default-border)`,
} as CSSProperties;

/** `<ActionIcon variant="default" size="lg">`, the header's one icon button. */
export function DefaultActionIcon({
  children,
  ...rest
}: {
  children: ReactNode;
  onClick: () => void;
  'aria-label': string;
  title: string;
  'data-testid'?: string;
  'data-mode'?: string;
}) {
  return (
    <button
      style={ACTION_ICON_STYLE}
      className="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant="default"
      data-size="lg"
      type="button"
      {...rest}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  );
}

/** `<Burger hiddenFrom="sm">`: the menu button shown on phones. */
export function HeaderBurger({
  opened,
  onClick,
  'aria-label': label,
}: {
  opened: boolean;
  onClick: () => void;
  'aria-label': string;
}) {
  return (
    <button
      className="mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root mantine-hidden-from-sm"
      type="button"
      onClick={onClick}
      aria-label={label}
    >
      <div
        className="m_d4fb9cad mantine-Burger-burger"
        data-reduce-motion="true"
        data-opened={opened || undefined}
      />
    </button>
  );
}
