/**
 * The demo cities and, in each, neighbourhoods where the demo bathrooms stand. The city itself
 * (name, state, centre) comes from the places gazetteer by slug; the neighbourhood points are
 * hand-picked on land, within about 4.5 miles of that centre (so a search at the centre with the
 * default 5-mile radius finds them), and far enough from rivers, bays and lakes that a bathroom
 * spread around them — and its public point, moved up to 0.3 mile more — stays on land.
 */
export type Neighbourhood = {
  name: string;
  lat: number;
  lng: number;
  postcode: string;
  streets: readonly string[];
  /** How far from the point bathrooms are spread, in miles (smaller near water). */
  spread: number;
};

export type DemoCity = {
  /** The gazetteer slug (places.findBySlug). */
  slug: string;
  /** The city as a postal address writes it, when that differs from the gazetteer's name. */
  postalName?: string;
  /** House numbers run this high on these streets (Manhattan's and Boston's are short). */
  maxHouseNumber?: number;
  /** Demo hosts (by email) who run bathrooms here, most listings first. */
  hosts: readonly string[];
  neighbourhoods: readonly Neighbourhood[];
};

type Row = [name: string, lat: number, lng: number, postcode: string, streets: string, spread?: number];

const hood = ([name, lat, lng, postcode, streets, spread = 0.25]: Row): Neighbourhood => ({
  name,
  lat,
  lng,
  postcode,
  streets: streets.split('|'),
  spread,
});

export const DEMO_CITIES: readonly DemoCity[] = [
  {
    slug: 'new-york-city-ny',
    postalName: 'New York',
    maxHouseNumber: 480,
    hosts: ['nora@privy.test', 'owen@privy.test'],
    neighbourhoods: (
      [
        ['SoHo', 40.7233, -74.0003, '10012', 'Spring St|Prince St|Broome St|Greene St|Mercer St'],
        ['East Village', 40.7265, -73.986, '10009', 'Avenue A|E 7th St|St Marks Pl|E 9th St'],
        ['Chelsea', 40.7445, -73.997, '10011', 'W 22nd St|8th Ave|W 19th St|W 24th St', 0.2],
        ['Lower East Side', 40.7185, -73.988, '10002', 'Orchard St|Ludlow St|Rivington St|Essex St'],
        ['West Village', 40.735, -74.0005, '10014', 'Bleecker St|Hudson St|Christopher St|Perry St', 0.15],
        ['Tribeca', 40.7175, -74.0055, '10013', 'Franklin St|Reade St|Duane St|W Broadway', 0.1],
        ['Flatiron', 40.7405, -73.99, '10010', 'E 21st St|Park Ave S|E 18th St|Broadway'],
        ['Midtown', 40.754, -73.985, '10036', 'W 40th St|6th Ave|W 44th St|W 38th St'],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'los-angeles-ca',
    hosts: ['diego@privy.test', 'grace@privy.test'],
    neighbourhoods: (
      [
        ['Arts District', 34.0405, -118.237, '90013', 'E 3rd St|Traction Ave|E 4th St|Hewitt St', 0.15],
        ['Historic Core', 34.047, -118.251, '90014', 'S Spring St|S Broadway|W 7th St|S Main St'],
        ['Echo Park', 34.078, -118.2605, '90026', 'Sunset Blvd|Echo Park Ave|Alvarado St|Logan St'],
        ['Silver Lake', 34.087, -118.2705, '90026', 'Sunset Blvd|Silver Lake Blvd|Hyperion Ave'],
        ['Koreatown', 34.0618, -118.3008, '90010', 'Wilshire Blvd|W 6th St|S Western Ave|S Vermont Ave'],
        ['Los Feliz', 34.105, -118.285, '90027', 'Hillhurst Ave|N Vermont Ave|Hollywood Blvd'],
        ['Little Tokyo', 34.05, -118.24, '90012', 'E 1st St|S San Pedro St|S Central Ave'],
        ['Chinatown', 34.0625, -118.2385, '90012', 'N Broadway|N Spring St|N Hill St'],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'chicago-il',
    hosts: ['sam@privy.test', 'nora@privy.test'],
    neighbourhoods: (
      [
        ['The Loop', 41.881, -87.631, '60603', 'W Madison St|S Wabash Ave|W Monroe St|S Dearborn St', 0.2],
        ['West Loop', 41.884, -87.65, '60607', 'W Randolph St|W Fulton Market|N Morgan St|W Lake St'],
        ['Pilsen', 41.857, -87.66, '60608', 'W 18th St|S Halsted St|S Blue Island Ave|W Cermak Rd'],
        ['South Loop', 41.867, -87.63, '60605', 'S Michigan Ave|S Wabash Ave|W Roosevelt Rd|S State St', 0.2],
        ['Bridgeport', 41.838, -87.651, '60608', 'S Halsted St|W 31st St|S Morgan St'],
        ['Wicker Park', 41.907, -87.677, '60622', 'N Milwaukee Ave|W Division St|N Damen Ave|W North Ave'],
        ['River North', 41.8925, -87.634, '60654', 'W Hubbard St|N Wells St|W Kinzie St|N Clark St', 0.2],
        ['Little Italy', 41.869, -87.66, '60607', 'W Taylor St|S Racine Ave|S Loomis St'],
        ['Chinatown', 41.8525, -87.6325, '60616', 'S Wentworth Ave|W Cermak Rd|S Archer Ave'],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'houston-tx',
    hosts: ['lucia@privy.test', 'hector@privy.test'],
    neighbourhoods: (
      [
        ['Downtown', 29.758, -95.364, '77002', 'Main St|Travis St|Preston St|Congress Ave', 0.2],
        ['Midtown', 29.742, -95.378, '77006', 'W Gray St|Bagby St|Elgin St|Baldwin St'],
        ['Montrose', 29.745, -95.392, '77006', 'Westheimer Rd|Montrose Blvd|Fairview St|Taft St'],
        ['EaDo', 29.752, -95.35, '77003', 'St Emanuel St|Polk St|Dowling St|Rusk St'],
        ['The Heights', 29.79, -95.398, '77008', 'W 19th St|Heights Blvd|Yale St|W 11th St'],
        ['Museum District', 29.725, -95.39, '77004', 'Binz St|Caroline St|Bissonnet St'],
        ['East End', 29.745, -95.33, '77011', 'Navigation Blvd|Canal St|N 75th St'],
        ['Upper Kirby', 29.738, -95.42, '77098', 'Kirby Dr|W Alabama St|Richmond Ave'],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'austin-tx',
    hosts: ['jamal@privy.test', 'paula@privy.test'],
    neighbourhoods: (
      [
        ['Downtown', 30.2715, -97.742, '78701', 'Congress Ave|W 6th St|Colorado St|Brazos St', 0.2],
        ['East Austin', 30.265, -97.725, '78702', 'E 6th St|Chicon St|E 7th St|E 11th St'],
        ['South Congress', 30.248, -97.75, '78704', 'S Congress Ave|E Monroe St|S 1st St|W Annie St'],
        ['Hyde Park', 30.306, -97.73, '78751', 'Duval St|E 43rd St|Speedway|Avenue B'],
        ['Clarksville', 30.283, -97.76, '78703', 'W Lynn St|W 12th St|Waterston Ave'],
        ['Mueller', 30.297, -97.707, '78723', 'Aldrich St|Berkman Dr|Philomena St'],
        ['Zilker', 30.256, -97.764, '78704', 'Barton Springs Rd|S Lamar Blvd|Kinney Ave', 0.2],
        ['North Loop', 30.318, -97.722, '78751', 'N Loop Blvd|Avenue F|Guadalupe St'],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'seattle-wa',
    hosts: ['maya@privy.test', 'sam@privy.test'],
    neighbourhoods: (
      [
        ['Capitol Hill', 47.619, -122.32, '98122', 'E Pine St|Broadway E|E Olive Way|12th Ave'],
        ['Belltown', 47.615, -122.342, '98121', '2nd Ave|Bell St|Blanchard St|3rd Ave', 0.12],
        ['Fremont', 47.659, -122.35, '98103', 'N 39th St|Fremont Ave N|N 40th St', 0.15],
        ['Pioneer Square', 47.601, -122.329, '98104', '2nd Ave S|Occidental Ave S|S Main St', 0.1],
        ['International District', 47.598, -122.324, '98104', 'S Jackson St|S King St|Maynard Ave S'],
        ['South Lake Union', 47.619, -122.337, '98109', 'Westlake Ave N|Terry Ave N|Denny Way', 0.12],
        ['Columbia City', 47.56, -122.286, '98118', 'Rainier Ave S|S Edmunds St|S Ferdinand St'],
        ['Queen Anne', 47.637, -122.357, '98109', 'Queen Anne Ave N|W Galer St|W Boston St', 0.2],
        ['Central District', 47.608, -122.3, '98122', 'E Jefferson St|23rd Ave|E Union St'],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'san-francisco-ca',
    maxHouseNumber: 1900,
    hosts: ['grace@privy.test', 'diego@privy.test'],
    neighbourhoods: (
      [
        ['Mission District', 37.7599, -122.4148, '94110', 'Valencia St|Mission St|24th St|18th St'],
        ['Hayes Valley', 37.7765, -122.424, '94102', 'Hayes St|Octavia Blvd|Gough St|Fell St'],
        ['SoMa', 37.7785, -122.4056, '94103', 'Folsom St|Howard St|7th St|Harrison St'],
        ['North Beach', 37.799, -122.409, '94133', 'Columbus Ave|Grant Ave|Stockton St', 0.15],
        ['Castro', 37.7609, -122.435, '94114', 'Castro St|Market St|18th St'],
        ['Noe Valley', 37.7502, -122.4337, '94114', '24th St|Church St|Castro St'],
        ['Lower Haight', 37.772, -122.431, '94117', 'Haight St|Divisadero St|Fillmore St'],
        ['Inner Richmond', 37.78, -122.465, '94118', 'Clement St|Geary Blvd|Balboa St'],
        ['Nob Hill', 37.792, -122.416, '94109', 'Polk St|Hyde St|California St', 0.2],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'boston-ma',
    maxHouseNumber: 700,
    hosts: ['owen@privy.test', 'nora@privy.test'],
    neighbourhoods: (
      [
        ['Back Bay', 42.3475, -71.081, '02116', 'Newbury St|Boylston St|Dartmouth St', 0.12],
        ['South End', 42.342, -71.072, '02118', 'Tremont St|Washington St|Columbus Ave|Shawmut Ave'],
        ['Beacon Hill', 42.3585, -71.064, '02114', 'Charles St|Cambridge St|Myrtle St', 0.1],
        ['Downtown Crossing', 42.3555, -71.0605, '02111', 'Washington St|Summer St|Winter St', 0.15],
        ['Chinatown', 42.35, -71.062, '02111', 'Beach St|Harrison Ave|Tyler St', 0.15],
        ['Fenway', 42.345, -71.098, '02215', 'Boylston St|Brookline Ave|Peterborough St'],
        ['Jamaica Plain', 42.308, -71.11, '02130', 'Centre St|South St|Green St', 0.2],
        ['South Boston', 42.335, -71.048, '02127', 'E Broadway|W Broadway|Dorchester St', 0.2],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'denver-co',
    hosts: ['sam@privy.test', 'maya@privy.test'],
    neighbourhoods: (
      [
        ['LoDo', 39.753, -105.0, '80202', 'Larimer St|Blake St|Wazee St|15th St'],
        ['RiNo', 39.768, -104.98, '80205', 'Larimer St|Walnut St|Brighton Blvd|27th St'],
        ['Capitol Hill', 39.732, -104.978, '80203', 'E Colfax Ave|E 13th Ave|Ogden St|Pennsylvania St'],
        ['Highland', 39.76, -105.013, '80211', 'W 32nd Ave|Tejon St|Navajo St', 0.15],
        ['Baker', 39.716, -104.988, '80209', 'S Broadway|W Ellsworth Ave|S Bannock St'],
        ['Cherry Creek', 39.718, -104.953, '80206', 'E 2nd Ave|Fillmore St|Clayton St'],
        ['Five Points', 39.756, -104.978, '80205', 'Welton St|26th St|California St'],
        ['Congress Park', 39.733, -104.95, '80206', 'E 12th Ave|Josephine St|York St'],
        ['Uptown', 39.745, -104.975, '80203', 'E 17th Ave|Pearl St|Washington St'],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'miami-fl',
    hosts: ['lucia@privy.test', 'diego@privy.test'],
    neighbourhoods: (
      [
        ['Brickell', 25.7617, -80.1975, '33131', 'Brickell Ave|S Miami Ave|SW 8th St', 0.15],
        ['Wynwood', 25.801, -80.199, '33127', 'NW 2nd Ave|NW 25th St|NW 29th St'],
        ['Little Havana', 25.766, -80.219, '33135', 'SW 8th St|SW 15th Ave|SW 17th Ave'],
        ['Design District', 25.813, -80.196, '33137', 'NE 40th St|NE 2nd Ave|NE 39th St', 0.12],
        ['Downtown', 25.7785, -80.196, '33130', 'E Flagler St|SE 1st St|NE 2nd St', 0.1],
        ['Coconut Grove', 25.73, -80.245, '33133', 'Grand Ave|Main Hwy|Commodore Plaza', 0.12],
        ['Coral Way', 25.754, -80.225, '33145', 'Coral Way|SW 22nd Ave|SW 17th Ave'],
        ['Allapattah', 25.8, -80.22, '33142', 'NW 20th St|NW 17th Ave|NW 22nd Ave'],
        ['Little Haiti', 25.829, -80.196, '33137', 'NE 2nd Ave|NE 59th St|NE 54th St', 0.12],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'portland-or',
    hosts: ['maya@privy.test', 'grace@privy.test'],
    neighbourhoods: (
      [
        ['Pearl District', 45.529, -122.683, '97209', 'NW 11th Ave|NW Glisan St|NW Lovejoy St', 0.15],
        ['Downtown', 45.519, -122.683, '97205', 'SW Broadway|SW Morrison St|SW 10th Ave', 0.15],
        ['Alberta Arts', 45.559, -122.647, '97211', 'NE Alberta St|NE 15th Ave|NE 30th Ave'],
        ['Hawthorne', 45.512, -122.63, '97214', 'SE Hawthorne Blvd|SE 37th Ave|SE Belmont St'],
        ['Division', 45.505, -122.643, '97202', 'SE Division St|SE 26th Ave|SE Clinton St'],
        ['Mississippi', 45.55, -122.676, '97227', 'N Mississippi Ave|N Shaver St|N Skidmore St', 0.15],
        ['Nob Hill', 45.528, -122.698, '97210', 'NW 23rd Ave|NW Thurman St|NW Everett St'],
        ['Central Eastside', 45.519, -122.652, '97214', 'SE Morrison St|SE 12th Ave|SE Stark St', 0.15],
      ] as Row[]
    ).map(hood),
  },
  {
    slug: 'nashville-tn',
    hosts: ['jamal@privy.test', 'lucia@privy.test'],
    neighbourhoods: (
      [
        ['The Gulch', 36.152, -86.785, '37203', '11th Ave S|Division St|McGavock St', 0.2],
        ['Midtown', 36.152, -86.8, '37203', 'West End Ave|21st Ave S|Broadway'],
        ['12 South', 36.127, -86.79, '37204', '12th Ave S|Linden Ave|Paris Ave'],
        ['East Nashville', 36.178, -86.75, '37206', 'Gallatin Ave|Woodland St|N 11th St|Fatherland St'],
        ['Germantown', 36.18, -86.794, '37208', 'Monroe St|5th Ave N|Jefferson St', 0.12],
        ['Downtown', 36.16, -86.784, '37219', 'Church St|Commerce St|4th Ave N|Union St', 0.1],
        ['Hillsboro Village', 36.135, -86.8, '37212', '21st Ave S|Belcourt Ave|Blakemore Ave'],
        ['Wedgewood-Houston', 36.135, -86.77, '37210', 'Merritt Ave|Houston St|Martin St'],
        ['Music Row', 36.149, -86.793, '37203', 'Music Square E|16th Ave S|Demonbreun St'],
      ] as Row[]
    ).map(hood),
  },
];
