import { Alert, Button, Chip, SegmentedControl } from '@mantine/core';
import { Link } from 'react-router';
import type { PanelControls } from './booking-panel-view.tsx';

/** The panel's controls as Mantine draws them; loaded once the listing page is live (ADR 098, booking-panel.tsx). */
export const MANTINE_CONTROLS: PanelControls = {
  DayLink: ({ to, active, children }) => (
    <Button
      component={Link}
      to={to}
      replace
      preventScrollReset
      size="compact-sm"
      variant={active ? 'filled' : 'default'}
      aria-current={active ? 'date' : undefined}
    >
      {children}
    </Button>
  ),
  Lengths: ({ data, value, onChange }) => (
    <SegmentedControl aria-label="How long" data={data} value={value} onChange={onChange} fullWidth />
  ),
  StartGroup: ({ value, onChange, children }) => (
    <Chip.Group value={value} onChange={(next) => onChange(String(next))}>
      {children}
    </Chip.Group>
  ),
  Start: ({ value, children }) => (
    <Chip value={value} size="sm" variant="outline">
      {children}
    </Chip>
  ),
  ShowAll: ({ onClick, children }) => (
    <Button variant="subtle" size="compact-sm" mt={6} onClick={onClick}>
      {children}
    </Button>
  ),
  Reserve: ({ loading, children }) => (
    <Button type="submit" size="md" fullWidth loading={loading}>
      {children}
    </Button>
  ),
  ErrorAlert: ({ children }) => (
    <Alert color="red" role="alert" data-testid="booking-error">
      {children}
    </Alert>
  ),
};
