/** PRODUCT.md: a booking's price is round(hourly × minutes / 60), in integer cents. */
export function bookingPriceCents(hourlyCents: number, minutes: number): number {
  return Math.round((hourlyCents * minutes) / 60);
}
