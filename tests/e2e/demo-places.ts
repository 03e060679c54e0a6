/** A saved location in Austin, as the profile and the listing forms store one (spec §3 Location). */
export const AUSTIN_LOCATION = {
  lat: 30.2672,
  lon: -97.7431,
  formatted: '501 Congress Ave, Austin, TX 78701, United States',
  address_line1: '501 Congress Ave',
  name: 'Austin',
  state_code: 'TX',
  country_code: 'us',
};
