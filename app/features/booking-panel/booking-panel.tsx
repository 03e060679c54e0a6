import { type ComponentType, useState } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { lazyPart } from '../../lib/patient-import.ts';
import { LinkButton, StaticButton, SubmitButton } from '../../ui/static-button.tsx';
import { StaticChip, StaticRedAlert, StaticSegmentedControl } from '../../ui/static-choice.tsx';
import { useLive } from '../../ui/use-live.ts';
import { choiceHref, headingChoice } from './booking-choice.ts';
import { BookingPanelView, type PanelControls, type PanelData } from './booking-panel-view.tsx';

export type { PanelData } from './booking-panel-view.tsx';

/**
 * The panel's controls as plain markup equal to Mantine's (booking-panel.test.tsx), for the server
 * and the first paint: the listing's first load then carries none of Mantine's inputs. They work
 * meanwhile (links, radios and a form), so a tap before the live panel arrives is not lost.
 */
export const STAND_IN_CONTROLS: PanelControls = {
  DayLink: ({ to, active, children }) => (
    <LinkButton
      to={to}
      replace
      preventScrollReset
      size="compact-sm"
      variant={active ? 'teal' : 'default'}
      aria-current={active ? 'date' : undefined}
    >
      {children}
    </LinkButton>
  ),
  Lengths: ({ data, value, onChange }) => (
    <StaticSegmentedControl aria-label="How long" data={data} value={value} onChange={onChange} fullWidth />
  ),
  StartGroup: ({ children }) => children,
  Start: ({ value, checked, onChange, children }) => (
    <StaticChip value={value} checked={checked} onChange={onChange}>
      {children}
    </StaticChip>
  ),
  ShowAll: ({ onClick, children }) => (
    <StaticButton variant="subtle" size="compact-sm" mt={6} onClick={onClick}>
      {children}
    </StaticButton>
  ),
  Reserve: ({ loading, children }) => (
    <SubmitButton size="md" fullWidth loading={loading}>
      {children}
    </SubmitButton>
  ),
  ErrorAlert: ({ children }) => <StaticRedAlert data-testid="booking-error">{children}</StaticRedAlert>,
};

/**
 * Mantine's controls, each loaded lazily from live-booking-panel.tsx. The panel stays one
 * component when they arrive, so what it holds (a day typed into "Another day" that the bathroom
 * refuses, say) is not lost to a remount as the page goes live.
 */
const loadMantineControls = () =>
  import('./live-booking-panel.tsx').then((module) => module.MANTINE_CONTROLS);
const LIVE_CONTROLS = Object.fromEntries(
  (Object.keys(STAND_IN_CONTROLS) as (keyof PanelControls)[]).map((name) => [
    name,
    lazyPart(async () => ({ default: (await loadMantineControls())[name] as ComponentType<object> })),
  ]),
) as unknown as PanelControls;

/** The listing's booking panel (ADR 093): drawn by the stand-in controls until the page is live. */
export function BookingPanel({ data, error }: { data: PanelData; error: string | null }) {
  const navigate = useNavigate();
  const live = useLive();
  const [showAll, setShowAll] = useState(false);
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const heading = headingChoice(data, navigation.state === 'loading' ? navigation.location : undefined);
  const props = {
    data,
    heading,
    error,
    showAll,
    onShowAll: () => setShowAll(true),
    submitting,
    go: (choice: { date?: string; duration?: number; start?: string }) =>
      navigate(choiceHref(data.path, { ...heading, ...choice }), {
        replace: true,
        preventScrollReset: true,
      }),
  };
  return <BookingPanelView {...props} ui={live ? LIVE_CONTROLS : STAND_IN_CONTROLS} />;
}
