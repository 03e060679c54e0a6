/**
 * Listing photos are stored 800 and 1,600 px wide (ADR 067) and the API names them by density
 * (`… 1x, … 2x`). Written as widths, with the `sizes` the page gives, a phone picks the 800 px file
 * for a card it shows ~400 px wide instead of the 1,600 px one its pixel density asks for.
 */
export function photoWidthSrcSet(srcset: string): string {
  return srcset.replace(/ 1x(?=,|$)/, ' 800w').replace(/ 2x(?=,|$)/, ' 1600w');
}
