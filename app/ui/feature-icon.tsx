import {
  type Icon,
  IconAccessible,
  IconAirConditioning,
  IconBath,
  IconBraille,
  IconDiaper,
  IconDoor,
  IconDroplet,
  IconElevator,
  IconEye,
  IconFlame,
  IconGenderAgender,
  IconHandGrab,
  IconHandSanitizer,
  IconHanger,
  IconHeart,
  IconParking,
  IconPlug,
  IconToiletPaper,
  IconWheelchair,
  IconWifi,
  IconWind,
} from '@tabler/icons-react';
import type { ACCESSIBILITY_FEATURES, AMENITIES } from '../../common/schemas/properties.ts';

/** The components behind the icon names in common/schemas/properties.ts (listings and search share them). */
export const FEATURE_ICONS: Record<
  (typeof AMENITIES)[number]['icon'] | (typeof ACCESSIBILITY_FEATURES)[number]['icon'],
  Icon
> = {
  IconAccessible,
  IconAirConditioning,
  IconBath,
  IconBraille,
  IconDiaper,
  IconDoor,
  IconDroplet,
  IconElevator,
  IconEye,
  IconFlame,
  IconGenderAgender,
  IconHandGrab,
  IconHandSanitizer,
  IconHanger,
  IconHeart,
  IconParking,
  IconPlug,
  IconToiletPaper,
  IconWheelchair,
  IconWifi,
  IconWind,
};

export function FeatureIcon({ name, size = 18 }: { name: string; size?: number }) {
  const Component = FEATURE_ICONS[name as keyof typeof FEATURE_ICONS] ?? IconDroplet;
  return <Component size={size} aria-hidden />;
}
