/** "Chrome on macOS" from a User-Agent header, for the list of signed-in devices. */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export type DeviceKind = 'phone' | 'tablet' | 'desktop' | 'unknown';

export function describeUserAgent(userAgent: string | null | undefined): { label: string; kind: DeviceKind } {
  if (!userAgent?.trim()) return { label: 'Unknown device', kind: 'unknown' };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const kind: DeviceKind =
    system === 'iPad' || (system === 'Android' && !/\bMobile\b/.test(userAgent))
      ? 'tablet'
      : system === 'iPhone' || system === 'Android'
        ? 'phone'
        : system
          ? 'desktop'
          : 'unknown';
  if (browser && system) return { label: `${browser} on ${system}`, kind };
  if (browser || system) return { label: (browser ?? system) as string, kind };
  return { label: userAgent.length > 60 ? `${userAgent.slice(0, 57)}…` : userAgent, kind };
}
