import { describe, expect, it } from 'vitest';
import { distanceMiles } from '../../common/distance.ts';
import {
  createPropertySchema,
  openingHoursSchema,
  PHOTO_ALT_MAX,
  PRICE_MAX_CENTS,
} from '../../common/schemas/properties.ts';
import { createPlacesService } from '../domains/places/places-service.ts';
import { PUBLIC_POINT_RADIUS_MILES } from '../domains/places/public-point.ts';
import { DEMO_CITIES } from './demo-cities.ts';
import { type PlannedCity, PUBLISHED_PER_CITY, planDemoListings } from './demo-listings.ts';
import { DEMO_LOOKS, lookAlt } from './demo-photo-palettes.ts';
import { SCENE_VIEWS } from './demo-photo-scenes.ts';
import { DEMO_HOSTS } from './seed-demo.ts';

const places = createPlacesService();
const cities: PlannedCity[] = DEMO_CITIES.map((config) => {
  const record = places.findBySlug(config.slug);
  if (!record) throw new Error(`no city ${config.slug}`);
  return { config, record };
});
const plans = planDemoListings(cities);

describe('the demo catalogue plan', () => {
  it('is the same on every run', () => {
    expect(planDemoListings(cities)).toEqual(plans);
  });

  it('holds at least 200 published bathrooms over at least 10 cities, and a draft per host', () => {
    const published = plans.filter((plan) => plan.publish);
    expect(published.length).toBe(DEMO_CITIES.length * PUBLISHED_PER_CITY);
    expect(published.length).toBeGreaterThanOrEqual(200);
    expect(new Set(published.map((plan) => plan.citySlug)).size).toBeGreaterThanOrEqual(10);
    const hosts = new Set(DEMO_CITIES.flatMap((city) => city.hosts));
    const drafts = plans.filter((plan) => !plan.publish);
    expect(drafts.map((plan) => plan.hostEmail).sort()).toEqual([...hosts].sort());
    // Some drafts are ready to publish, some still lack photos, as real drafts do.
    expect(drafts.some((plan) => plan.photos.length === 0)).toBe(true);
    expect(drafts.some((plan) => plan.photos.length > 0)).toBe(true);
  });

  it('gives every host listings, and Paula and Hector only a handful', () => {
    const count = (email: string) => plans.filter((plan) => plan.hostEmail === email).length;
    for (const host of DEMO_HOSTS) expect(count(host.email), host.email).toBeGreaterThan(10);
    for (const email of ['paula@privy.test', 'hector@privy.test']) {
      expect(count(email)).toBeGreaterThanOrEqual(3);
      expect(count(email)).toBeLessThanOrEqual(10);
    }
  });

  it('passes the API schemas the listing form uses', () => {
    for (const plan of plans) {
      expect(createPropertySchema.safeParse(plan.property).error, plan.key).toBeUndefined();
      expect(openingHoursSchema.safeParse(plan.hours).error, plan.key).toBeUndefined();
      expect(plan.hours.ranges.length, plan.key).toBeGreaterThan(0);
    }
  });

  it('varies hours: round the clock, weekdays only, and split days all occur', () => {
    const shapes = plans.map((plan) => plan.hours.ranges);
    expect(
      shapes.some(
        (ranges) => ranges.length === 7 && ranges.every((r) => r.opens === '00:00' && r.closes === '24:00'),
      ),
    ).toBe(true);
    expect(shapes.some((ranges) => ranges.every((r) => r.weekday <= 5))).toBe(true);
    expect(
      shapes.some((ranges) => ranges.some((r, i) => ranges.findIndex((o) => o.weekday === r.weekday) !== i)),
    ).toBe(true);
  });

  it('prices between $3 and $25 an hour, on quarter dollars, and varies them', () => {
    const prices = plans.map((plan) => plan.property.hourly_price_cents ?? 0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(300);
      expect(price).toBeLessThanOrEqual(Math.min(2500, PRICE_MAX_CENTS));
      expect(price % 25).toBe(0);
    }
    expect(new Set(prices).size).toBeGreaterThan(30);
  });

  it('places every bathroom near its city, so a search at the centre finds it', () => {
    for (const plan of plans) {
      const city = cities.find((candidate) => candidate.config.slug === plan.citySlug)?.record;
      const { lat, lon } = plan.property.location;
      const miles = distanceMiles(
        { latitude: city?.lat ?? 0, longitude: city?.lng ?? 0 },
        { latitude: lat, longitude: lon },
      );
      // Within the default 5-mile search even after the public point moves up to 0.3 mile.
      expect(miles + PUBLIC_POINT_RADIUS_MILES, plan.key).toBeLessThan(5);
      expect(plan.property.location.name).toBe(city?.name);
      expect(plan.property.location.state_code).toBe(city?.state_code);
    }
  });

  it('writes realistic, mostly distinct titles and descriptions that match the features', () => {
    const titles = new Set(plans.map((plan) => plan.property.title));
    expect(titles.size).toBeGreaterThan(plans.length * 0.9);
    for (const plan of plans) {
      const { description = '', amenities = [] } = plan.property;
      expect(description.length, plan.key).toBeGreaterThan(150);
      expect(description).not.toMatch(/\{|\}|undefined|lorem/i);
      // "a East Village gym": a template put an article before a name it cannot know.
      expect(`${plan.property.title} ${description}`, plan.key).not.toMatch(/\ba [AEIOU]/);
      expect(plan.property.title).not.toMatch(/\{|\}|undefined/);
      expect(plan.property.access_instructions).not.toMatch(/\{|\}/);
      if (amenities.includes('shower')) expect(description).toContain('shower');
    }
  });

  it('gives each bathroom 2–4 photos of one look, cover first and no view twice', () => {
    for (const plan of plans.filter((candidate) => candidate.publish)) {
      expect(plan.photos.length).toBeGreaterThanOrEqual(2);
      expect(plan.photos.length).toBeLessThanOrEqual(4);
      expect(new Set(plan.photos.map((photo) => photo.look)).size).toBe(1);
      expect(new Set(plan.photos.map((photo) => photo.view)).size).toBe(plan.photos.length);
      expect(['vanity', 'detail']).toContain(plan.photos[0]?.view);
    }
  });

  it('describes every photo in a sentence that fits the alt text limit', () => {
    for (const look of DEMO_LOOKS) {
      for (const view of SCENE_VIEWS) {
        const alt = lookAlt(look, view);
        expect(alt.length).toBeGreaterThan(60);
        expect(alt.length).toBeLessThanOrEqual(PHOTO_ALT_MAX);
        expect(alt).not.toMatch(/\ba [aeiou]/i);
      }
    }
  });
});
