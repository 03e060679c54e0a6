import { useEffect, useRef, useState } from 'react';
import { lazyPart } from '../../lib/patient-import.ts';
import { useLiveTurn } from '../../ui/use-live.ts';
import type { AddressAutocompleteProps } from './address-autocomplete.tsx';
import { AddressStandIn } from './address-stand-in.tsx';

const AddressAutocomplete = lazyPart(() =>
  import('./address-autocomplete.tsx').then((module) => ({ default: module.AddressAutocomplete })),
);

/**
 * AddressAutocomplete for the pages people land on: its markup (address-stand-in.tsx) on the
 * server and for the first paint, the real field once the page is live and its code has loaded.
 * Text typed in between, the focus and a tap on "Use my location" carry over; either makes the field
 * go live at once rather than in its turn (use-live.ts), since it is where a guest starts.
 */
export function LiveAddressAutocomplete(props: AddressAutocompleteProps) {
  const { live, now } = useLiveTurn();
  const [text, setText] = useState(props.value?.description ?? '');
  // State, not a ref: the live field's render may already be under way (a transition yields to the
  // browser between components) when the focus arrives; an update makes React draw it again with
  // the focus rather than commit a live field that drops it, and the letters typed next.
  const [focused, setFocused] = useState(false);
  const [locate, setLocate] = useState(false);
  // A place chosen elsewhere (the default address) replaces the text; on mount it must not, or it
  // would wipe what the stand-in took over from typing before hydration (use-early-input.ts).
  const description = props.value?.description;
  const shownDescription = useRef(description);
  useEffect(() => {
    if (shownDescription.current === description) return;
    shownDescription.current = description;
    setText(description ?? '');
  }, [description]);
  if (live) {
    return <AddressAutocomplete {...props} initialText={text} autoFocus={focused} locateOnMount={locate} />;
  }
  return (
    <AddressStandIn
      label={props.label}
      text={text}
      onTextChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (props.value && next !== props.value.description) props.onChange(null);
      }}
      onFocusChange={(focus) => {
        setFocused(focus);
        if (focus) now();
      }}
      onMyLocation={() => {
        setLocate(true);
        now();
      }}
      placeholder={props.placeholder}
      description={props.description}
      error={props.error}
      required={props.required}
      withMyLocation={props.withMyLocation}
    />
  );
}
