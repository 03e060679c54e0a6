import type { CSSProperties, ReactNode } from 'react';
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

type Variant = 'filled' | 'subtle' | 'default';

const BORDER = 'calc(0.0625rem * var(--mantine-scale))';
const VARIANT_VARS: Record<Variant, Record<string, string>> = {
  filled: { '--button-color': 'var(--mantine-color-white)' },
  subtle: {
    '--button-bg': 'transparent',
    '--button-hover': 'var(--mantine-color-teal-light-hover)',
    '--button-color': 'var(--mantine-color-teal-light-color)',
    '--button-bd': `${BORDER} solid transparent`,
  },
  default: {
    '--button-bg': 'var(--mantine-color-default)',
    '--button-hover': 'var(--mantine-color-default-hover)',
    '--button-color': 'var(--mantine-color-default-color)',
    '--button-bd': `${BORDER} solid var(--mantine-color-default-border)`,
  },
};
const MD_SIZE = {
  '--button-height': 'var(--button-height-md)',
  '--button-padding-x': 'var(--button-padding-x-md)',
  '--button-fz': 'var(--mantine-font-size-md)',
};

type ButtonLook = { variant?: Variant; size?: 'sm' | 'md'; fullWidth?: boolean; leftSection?: ReactNode };

function buttonProps({ variant = 'filled', size = 'sm', fullWidth, leftSection }: ButtonLook) {
  return {
    style: (size === 'md'
      ? { ...MD_SIZE, ...VARIANT_VARS[variant] }
      : VARIANT_VARS[variant]) as CSSProperties,
    className: BUTTON_CLASS,
    'data-variant': variant === 'filled' ? undefined : variant,
    'data-size': size === 'sm' ? undefined : size,
    'data-block': fullWidth ? 'true' : undefined,
    'data-with-left-section': leftSection ? 'true' : undefined,
  };
}

function ButtonInner({ children, leftSection }: { children: ReactNode; leftSection?: ReactNode }) {
  return (
    <span className="m_80f1301b mantine-Button-inner">
      {leftSection && (
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {leftSection}
        </span>
      )}
      <span className="m_811560b9 mantine-Button-label">{children}</span>
    </span>
  );
}

/** `<Button component={Link} to=… variant=…>`: a router link drawn as a Mantine button. */
export function LinkButton({ to, children, ...look }: ButtonLook & { to: string; children: ReactNode }) {
  return (
    <Link {...buttonProps(look)} to={to}>
      <ButtonInner leftSection={look.leftSection}>{children}</ButtonInner>
    </Link>
  );
}

/** `<Button type="submit" …>`: a form's submit button drawn as a Mantine button. */
export function SubmitButton({ children, ...look }: ButtonLook & { children: ReactNode }) {
  return (
    <button {...buttonProps(look)} type="submit">
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
