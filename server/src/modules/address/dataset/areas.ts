/**
 * Real UK and Isle of Man postcode districts with their post town, county, localities and some
 * of their real streets. The generator fills each district with further plausible streets; only
 * the shapes and places are real, the delivery points are made up (no open address file can be
 * downloaded here).
 */
export interface Area {
  /** Outward code of the postcode district, e.g. `SW1A`. */
  outward: string;
  town: string;
  /** Shown as Province; empty for the Isle of Man, as Loqate answers there. */
  county: string;
  country: 'GB' | 'IM';
  /** Dependent localities; an empty string means streets with no locality line. */
  localities: string[];
  /** Real streets of the district, generated first. */
  streets: string[];
  /** Street name flavour for the generated streets. */
  flavour?: 'scotland' | 'wales' | 'manx';
  /** Relative size of the district (1 = the default number of delivery points). */
  size?: number;
  /** Streets that start with fixed delivery points in a fixed unit: the contract's examples and the tests rely on them. */
  fixed?: Record<string, FixedStart>;
}

export interface FixedPremise {
  subBuilding: string;
  buildingName: string;
  buildingNumber: string;
}

export interface FixedStart {
  unit: string;
  locality?: string;
  premises: FixedPremise[];
}

const house = (buildingNumber: string): FixedPremise => ({
  subBuilding: '',
  buildingName: '',
  buildingNumber,
});
const flats = (count: number, buildingNumber: string, buildingName = ''): FixedPremise[] =>
  Array.from({ length: count }, (_, i) => ({
    subBuilding: `Flat ${i + 1}`,
    buildingName,
    buildingNumber,
  }));

const london = (outward: string, localities: string[], streets: string[], size = 1): Area => ({
  outward,
  town: 'London',
  county: 'Greater London',
  country: 'GB',
  localities,
  streets,
  size,
});

const gb = (
  outward: string,
  town: string,
  county: string,
  localities: string[],
  streets: string[],
  flavour?: Area['flavour'],
): Area => ({
  outward,
  town,
  county,
  country: 'GB',
  localities,
  streets,
  flavour,
});

const manx = (outward: string, town: string, localities: string[], streets: string[]): Area => ({
  outward,
  town,
  county: '',
  country: 'IM',
  localities,
  streets,
  flavour: 'manx',
});

export const areas: Area[] = [
  london(
    'SW1A',
    [''],
    [
      'Whitehall',
      'Great Scotland Yard',
      'Whitehall Place',
      'Horse Guards Avenue',
      'Cleveland Row',
      "Craig's Court",
    ],
    0.5,
  ),
  london(
    'EC1A',
    [''],
    [
      'Aldersgate Street',
      'Little Britain',
      'Long Lane',
      'King Edward Street',
      'Cloth Fair',
      'Bartholomew Close',
      'West Smithfield',
    ],
  ),
  london(
    'WC2N',
    [''],
    [
      'Strand',
      'Villiers Street',
      'Craven Street',
      'Northumberland Avenue',
      'Bedford Street',
      'Chandos Place',
    ],
  ),
  london(
    'W1D',
    [''],
    [
      'Dean Street',
      'Frith Street',
      'Greek Street',
      'Old Compton Street',
      'Wardour Street',
      'Soho Square',
    ],
  ),
  london(
    'N1',
    ['', 'Islington', 'Canonbury'],
    [
      'Upper Street',
      'Essex Road',
      'Liverpool Road',
      'Canonbury Road',
      'Cross Street',
      'Colebrooke Row',
      'Duncan Terrace',
    ],
  ),
  london(
    'E1',
    ['', 'Whitechapel', 'Spitalfields'],
    [
      'Brick Lane',
      'Commercial Street',
      'Fournier Street',
      'Hanbury Street',
      'Princelet Street',
      'Whitechapel Road',
      'Cable Street',
    ],
  ),
  london(
    'SE1',
    ['', 'Southwark', 'Bermondsey'],
    [
      'Borough High Street',
      'Bermondsey Street',
      'Tooley Street',
      'Union Street',
      'Southwark Street',
      'Long Lane',
    ],
  ),
  london(
    'NW1',
    ['', 'Camden Town'],
    [
      'Camden High Street',
      'Parkway',
      'Albert Street',
      'Arlington Road',
      'Delancey Street',
      'Gloucester Crescent',
    ],
  ),
  london(
    'SW11',
    ['', 'Battersea'],
    [
      'Lavender Hill',
      'Northcote Road',
      'Battersea Rise',
      'Webbs Road',
      'Bolingbroke Grove',
      'Latchmere Road',
    ],
  ),
  london(
    'E17',
    ['', 'Walthamstow'],
    ['Hoe Street', 'Orford Road', 'Forest Road', 'Grove Road', 'Lloyd Park Avenue'],
  ),
  london(
    'SE22',
    ['', 'East Dulwich'],
    ['Lordship Lane', 'Northcross Road', 'Upland Road', 'Barry Road', 'Melbourne Grove'],
  ),
  london(
    'N16',
    ['', 'Stoke Newington'],
    ['Church Street', 'Albion Road', 'Allerton Road', 'Manor Road', 'Carysfort Road'],
  ),
  gb(
    'M1',
    'Manchester',
    'Greater Manchester',
    [''],
    [
      'Piccadilly',
      'Market Street',
      'Portland Street',
      'Oldham Street',
      'Newton Street',
      'Dale Street',
    ],
  ),
  gb(
    'M4',
    'Manchester',
    'Greater Manchester',
    ['', 'Ancoats'],
    ['Tib Street', 'Thomas Street', 'Great Ancoats Street', 'Blossom Street', 'Jersey Street'],
  ),
  gb(
    'M14',
    'Manchester',
    'Greater Manchester',
    ['Fallowfield', 'Rusholme'],
    ['Wilmslow Road', 'Platt Lane', 'Ladybarn Lane', 'Mauldeth Road West'],
  ),
  gb(
    'M20',
    'Manchester',
    'Greater Manchester',
    ['Didsbury', 'Withington'],
    ['Barlow Moor Road', 'Lapwing Lane', 'School Lane', 'Fog Lane', 'Burton Road'],
  ),
  gb(
    'B1',
    'Birmingham',
    'West Midlands',
    [''],
    ['Broad Street', 'Colmore Row', 'Newhall Street', 'Cambridge Street', 'Brindley Place'],
  ),
  gb(
    'B5',
    'Birmingham',
    'West Midlands',
    ['', 'Digbeth'],
    ['Hurst Street', 'Bradford Street', 'Digbeth', 'Moseley Street', 'Bristol Street'],
  ),
  gb(
    'B13',
    'Birmingham',
    'West Midlands',
    ['Moseley'],
    ['Alcester Road', 'Wake Green Road', 'Oxford Road', 'Salisbury Road', 'Woodbridge Road'],
  ),
  gb(
    'B15',
    'Birmingham',
    'West Midlands',
    ['Edgbaston'],
    ['Harborne Road', 'Calthorpe Road', 'Hagley Road', 'Wellington Road', 'Priory Road'],
  ),
  gb(
    'LS1',
    'Leeds',
    'West Yorkshire',
    [''],
    ['Briggate', 'Boar Lane', 'The Headrow', 'Park Row', 'Vicar Lane', 'Call Lane'],
  ),
  {
    ...gb(
      'LS6',
      'Leeds',
      'West Yorkshire',
      ['Headingley', 'Hyde Park'],
      ['Elm Grove', 'Otley Road', 'Cardigan Road', 'North Lane', 'Shaw Lane', 'Ash Road'],
    ),
    fixed: {
      'Elm Grove': {
        unit: '2AB',
        locality: 'Headingley',
        premises: [
          house('10'),
          house('12'),
          house('14'),
          ...flats(3, '16'),
          ...flats(8, '', 'Kensington Court'),
        ],
      },
    },
  },
  gb(
    'LS8',
    'Leeds',
    'West Yorkshire',
    ['Roundhay', 'Chapel Allerton'],
    ['Street Lane', 'Roundhay Road', 'Harehills Lane', 'Lidgett Lane'],
  ),
  gb(
    'LS11',
    'Leeds',
    'West Yorkshire',
    ['Beeston', 'Holbeck'],
    ['Dewsbury Road', 'Beeston Road', 'Tempest Road', 'Cross Flatts Avenue'],
  ),
  gb(
    'EH1',
    'Edinburgh',
    'Midlothian',
    [''],
    [
      'Princes Street',
      'Cockburn Street',
      'Victoria Street',
      'High Street',
      'Market Street',
      'Grassmarket',
    ],
    'scotland',
  ),
  gb(
    'EH3',
    'Edinburgh',
    'Midlothian',
    ['', 'Stockbridge'],
    ['Dundas Street', 'Heriot Row', 'Great King Street', 'Raeburn Place', 'India Street'],
    'scotland',
  ),
  gb(
    'EH6',
    'Edinburgh',
    'Midlothian',
    ['Leith'],
    ['Leith Walk', 'Constitution Street', 'Great Junction Street', 'Bernard Street', 'Easter Road'],
    'scotland',
  ),
  gb(
    'EH9',
    'Edinburgh',
    'Midlothian',
    ['Marchmont', 'Newington'],
    ['Marchmont Road', 'Warrender Park Road', 'Mayfield Road', 'Grange Road'],
    'scotland',
  ),
  gb(
    'G1',
    'Glasgow',
    'Lanarkshire',
    [''],
    [
      'Buchanan Street',
      'Argyle Street',
      'George Square',
      'Ingram Street',
      'Queen Street',
      'Candleriggs',
    ],
    'scotland',
  ),
  gb(
    'G3',
    'Glasgow',
    'Lanarkshire',
    ['', 'Finnieston'],
    [
      'Kelvingrove Street',
      'Sauchiehall Street',
      'Berkeley Street',
      'Kent Road',
      'Old Dumbarton Road',
    ],
    'scotland',
  ),
  gb(
    'G12',
    'Glasgow',
    'Lanarkshire',
    ['', 'Hillhead'],
    ['Byres Road', 'Great Western Road', 'Highburgh Road', 'Ruthven Lane', 'Cresswell Street'],
    'scotland',
  ),
  gb(
    'G41',
    'Glasgow',
    'Lanarkshire',
    ['Shawlands', 'Pollokshields'],
    ['Pollokshaws Road', 'Kilmarnock Road', 'Nithsdale Road', 'Terregles Avenue'],
    'scotland',
  ),
  gb(
    'AB10',
    'Aberdeen',
    'Aberdeenshire',
    [''],
    ['Union Street', 'Holburn Street', 'Great Western Road', 'Bon Accord Street'],
    'scotland',
  ),
  gb(
    'DD1',
    'Dundee',
    'Angus',
    [''],
    ['Nethergate', 'Perth Road', 'Murraygate', 'Reform Street'],
    'scotland',
  ),
  gb(
    'IV2',
    'Inverness',
    'Inverness-shire',
    ['', 'Crown'],
    ['Culduthel Road', 'Kingsmills Road', 'Old Edinburgh Road', 'Southside Road'],
    'scotland',
  ),
  gb(
    'FK8',
    'Stirling',
    'Stirlingshire',
    [''],
    ['Baker Street', 'King Street', 'Spittal Street', 'Port Street'],
    'scotland',
  ),
  gb(
    'CF10',
    'Cardiff',
    'South Glamorgan',
    [''],
    ['Queen Street', 'St Mary Street', 'Womanby Street', 'Caroline Street', 'Churchill Way'],
    'wales',
  ),
  gb(
    'CF11',
    'Cardiff',
    'South Glamorgan',
    ['Canton', 'Pontcanna'],
    ['Cowbridge Road East', 'Cathedral Road', 'Kings Road', 'Pontcanna Street'],
    'wales',
  ),
  gb(
    'CF24',
    'Cardiff',
    'South Glamorgan',
    ['Roath', 'Cathays'],
    ['City Road', 'Albany Road', 'Richmond Road', 'Wellfield Road', 'Crwys Road'],
    'wales',
  ),
  gb(
    'SA1',
    'Swansea',
    'West Glamorgan',
    ['', 'St Thomas'],
    ['Wind Street', 'Oxford Street', 'Walter Road', 'Mansel Street'],
    'wales',
  ),
  gb(
    'NP20',
    'Newport',
    'Gwent',
    [''],
    ['Commercial Street', 'Stow Hill', 'Bridge Street', 'Caerau Road'],
    'wales',
  ),
  gb(
    'LL57',
    'Bangor',
    'Gwynedd',
    ['', 'Upper Bangor'],
    ['High Street', 'Holyhead Road', 'Ffordd Gwynedd', 'Glynne Road'],
    'wales',
  ),
  gb(
    'BT1',
    'Belfast',
    'County Antrim',
    [''],
    [
      'Royal Avenue',
      'Donegall Place',
      'High Street',
      'Ann Street',
      'Rosemary Street',
      'Waring Street',
    ],
  ),
  gb(
    'BT7',
    'Belfast',
    'County Antrim',
    [''],
    ['Ormeau Road', 'Botanic Avenue', 'University Street', 'Rugby Road', 'Agincourt Avenue'],
  ),
  gb(
    'BT9',
    'Belfast',
    'County Antrim',
    ['', 'Malone'],
    ['Malone Road', 'Lisburn Road', 'Stranmillis Road', 'Eglantine Avenue'],
  ),
  gb(
    'BT48',
    'Londonderry',
    'County Londonderry',
    [''],
    ['Shipquay Street', 'Strand Road', 'Great James Street', 'Clarendon Street'],
  ),
  gb(
    'BS1',
    'Bristol',
    'Avon',
    [''],
    ['Corn Street', 'Baldwin Street', 'King Street', 'Queen Square', 'Welsh Back'],
  ),
  gb(
    'BS6',
    'Bristol',
    'Avon',
    ['Redland', 'Cotham'],
    ['Gloucester Road', 'Chandos Road', 'Cotham Hill', 'Zetland Road'],
  ),
  gb(
    'BS8',
    'Bristol',
    'Avon',
    ['Clifton'],
    ['Whiteladies Road', 'Princess Victoria Street', 'Royal York Crescent', 'Park Street'],
  ),
  gb(
    'L1',
    'Liverpool',
    'Merseyside',
    [''],
    ['Bold Street', 'Church Street', 'Hanover Street', 'Seel Street', 'Duke Street'],
  ),
  gb(
    'L8',
    'Liverpool',
    'Merseyside',
    ['Toxteth'],
    ['Lodge Lane', 'Princes Road', 'Upper Parliament Street', 'Granby Street'],
  ),
  gb(
    'L17',
    'Liverpool',
    'Merseyside',
    ['Aigburth'],
    ['Aigburth Road', 'Lark Lane', 'Ullet Road', 'Sefton Park Road'],
  ),
  gb(
    'NE1',
    'Newcastle upon Tyne',
    'Tyne and Wear',
    [''],
    ['Grey Street', 'Grainger Street', 'Northumberland Street', 'Dean Street', 'Pilgrim Street'],
  ),
  gb(
    'NE2',
    'Newcastle upon Tyne',
    'Tyne and Wear',
    ['Jesmond'],
    ['Osborne Road', 'Acorn Road', 'Clayton Road', "St George's Terrace"],
  ),
  gb(
    'NE6',
    'Newcastle upon Tyne',
    'Tyne and Wear',
    ['Heaton', 'Byker'],
    ['Chillingham Road', 'Shields Road', 'Heaton Road', 'Tosson Terrace'],
  ),
  gb(
    'S1',
    'Sheffield',
    'South Yorkshire',
    [''],
    ['Fargate', 'Division Street', 'West Street', 'Surrey Street', 'Norfolk Street'],
  ),
  gb(
    'S10',
    'Sheffield',
    'South Yorkshire',
    ['Crookes', 'Broomhill'],
    ['Fulwood Road', 'Whitham Road', 'Crookes', 'Crookesmoor Road', 'Northumberland Road'],
  ),
  gb(
    'S11',
    'Sheffield',
    'South Yorkshire',
    ['', 'Sharrow'],
    ['Ecclesall Road', 'Sharrow Vale Road', 'Psalter Lane', 'Hickmott Road'],
  ),
  gb(
    'NG1',
    'Nottingham',
    'Nottinghamshire',
    [''],
    ['Long Row', 'Bridlesmith Gate', 'Goose Gate', 'Hockley', 'Maid Marian Way'],
  ),
  gb(
    'NG7',
    'Nottingham',
    'Nottinghamshire',
    ['Lenton', 'Radford'],
    ['Derby Road', 'Lenton Boulevard', 'Ilkeston Road', 'Rothesay Avenue'],
  ),
  gb(
    'YO1',
    'York',
    'North Yorkshire',
    [''],
    ['Stonegate', 'Petergate', 'Micklegate', 'Shambles', 'Coney Street', 'Goodramgate'],
  ),
  gb(
    'OX1',
    'Oxford',
    'Oxfordshire',
    [''],
    ['High Street', 'Broad Street', 'Cornmarket Street', "St Aldate's", 'Turl Street'],
  ),
  gb(
    'OX4',
    'Oxford',
    'Oxfordshire',
    ['Cowley', 'Iffley'],
    ['Cowley Road', 'Iffley Road', 'Magdalen Road', 'Howard Street'],
  ),
  gb(
    'CB1',
    'Cambridge',
    'Cambridgeshire',
    [''],
    ['Mill Road', 'Hills Road', 'Regent Street', 'Tenison Road'],
  ),
  gb(
    'CB2',
    'Cambridge',
    'Cambridgeshire',
    [''],
    ['Trumpington Street', "King's Parade", "Bene't Street", 'Silver Street'],
  ),
  gb(
    'BN1',
    'Brighton',
    'East Sussex',
    [''],
    ['North Street', 'Western Road', 'Queens Road', 'Sydney Street', 'Gardner Street'],
  ),
  gb(
    'BN2',
    'Brighton',
    'East Sussex',
    ['Kemp Town'],
    ["St George's Road", 'Eastern Road', 'Marine Parade', 'Upper Rock Gardens'],
  ),
  gb(
    'NR2',
    'Norwich',
    'Norfolk',
    [''],
    ['Unthank Road', 'Earlham Road', 'Bethel Street', 'Colegate'],
  ),
  gb(
    'EX4',
    'Exeter',
    'Devon',
    ['', 'St Davids'],
    ['Queen Street', 'Longbrook Street', 'Howell Road', 'St Davids Hill'],
  ),
  gb(
    'PL1',
    'Plymouth',
    'Devon',
    [''],
    ['Royal Parade', 'Notte Street', 'Southside Street', 'Union Street'],
  ),
  gb(
    'TR1',
    'Truro',
    'Cornwall',
    [''],
    ['Lemon Street', 'Boscawen Street', 'River Street', 'Kenwyn Street'],
  ),
  gb(
    'SO14',
    'Southampton',
    'Hampshire',
    [''],
    ['Above Bar Street', 'Bernard Street', 'Oxford Street', 'Queens Terrace'],
  ),
  gb(
    'SO23',
    'Winchester',
    'Hampshire',
    [''],
    ['Jewry Street', 'Southgate Street', 'St Thomas Street', 'Parchment Street'],
  ),
  gb(
    'RG1',
    'Reading',
    'Berkshire',
    [''],
    ['Broad Street', 'London Street', 'Castle Street', 'Kings Road'],
  ),
  gb(
    'LE1',
    'Leicester',
    'Leicestershire',
    [''],
    ['Granby Street', 'Belvoir Street', 'High Street', 'Silver Street'],
  ),
  gb(
    'CV1',
    'Coventry',
    'West Midlands',
    [''],
    ['Hertford Street', 'Spon Street', 'Far Gosford Street', 'Warwick Road'],
  ),
  gb(
    'HU1',
    'Hull',
    'North Humberside',
    [''],
    ['Whitefriargate', 'High Street', 'Humber Street', 'Posterngate'],
  ),
  gb(
    'BA1',
    'Bath',
    'Avon',
    [''],
    ['Milsom Street', 'Gay Street', 'Royal Crescent', 'Walcot Street', 'Broad Street'],
  ),
  gb(
    'CT1',
    'Canterbury',
    'Kent',
    [''],
    ["St Peter's Street", 'Burgate', 'Palace Street', "St Dunstan's Street"],
  ),
  gb(
    'CH1',
    'Chester',
    'Cheshire',
    [''],
    ['Watergate Street', 'Bridge Street', 'Northgate Street', 'Lower Bridge Street'],
  ),
  gb(
    'LA1',
    'Lancaster',
    'Lancashire',
    [''],
    ['Penny Street', 'Church Street', 'Market Street', 'King Street'],
  ),
  gb(
    'CA1',
    'Carlisle',
    'Cumbria',
    [''],
    ['English Street', 'Scotch Street', 'Botchergate', 'Warwick Road'],
  ),
  gb(
    'DH1',
    'Durham',
    'County Durham',
    [''],
    ['Saddler Street', 'Claypath', 'North Road', 'Gilesgate'],
  ),
  gb('LN1', 'Lincoln', 'Lincolnshire', [''], ['Steep Hill', 'Bailgate', 'Newport', 'Westgate']),
  gb(
    'IP1',
    'Ipswich',
    'Suffolk',
    [''],
    ['Westgate Street', 'Norwich Road', 'Anglesea Road', 'Berners Street'],
  ),
  gb(
    'GU1',
    'Guildford',
    'Surrey',
    [''],
    ['High Street', 'Quarry Street', 'Epsom Road', 'Sydenham Road'],
  ),
  gb(
    'SY1',
    'Shrewsbury',
    'Shropshire',
    [''],
    ['Wyle Cop', 'Mardol', 'Castle Street', 'Pride Hill'],
  ),
  gb(
    'WR1',
    'Worcester',
    'Worcestershire',
    [''],
    ['Foregate Street', 'The Tything', 'Friar Street', 'New Street'],
  ),
  {
    ...manx(
      'IM1',
      'Douglas',
      [''],
      [
        'Athol Street',
        'Prospect Hill',
        'Victoria Street',
        'Bucks Road',
        'Finch Road',
        'Strand Street',
        'Duke Street',
        'Loch Promenade',
      ],
    ),
    fixed: {
      'Athol Street': {
        unit: '1JE',
        premises: [house('9'), ...flats(4, '11'), house('13'), house('15')],
      },
    },
  },
  manx(
    'IM2',
    'Douglas',
    ['', 'Willaston'],
    [
      'Ballaquayle Road',
      'Woodbourne Road',
      'Glencrutchery Road',
      'Ballanard Road',
      'Cronkbourne Road',
    ],
  ),
  manx(
    'IM3',
    'Douglas',
    ['Onchan'],
    ['Main Road', 'Royal Avenue', 'Birch Hill Road', 'Signpost Road', 'Church Road'],
  ),
  manx(
    'IM4',
    'Isle of Man',
    ['Laxey', 'Union Mills', 'Foxdale', 'St Johns', 'Crosby'],
    ['New Road', 'Glen Road', 'Mines Road', 'Main Road'],
  ),
  manx(
    'IM5',
    'Peel',
    [''],
    ['Athol Street', 'Michael Street', 'Douglas Street', 'Derby Road', 'Marine Parade'],
  ),
  manx(
    'IM6',
    'Isle of Man',
    ['Kirk Michael', 'Ballaugh', 'Jurby'],
    ['Main Road', 'Station Road', 'Ballamona Road'],
  ),
  manx(
    'IM7',
    'Ramsey',
    ['', 'Sulby'],
    ['Parliament Street', 'Bowring Road', 'Lezayre Road', 'Queens Pier Road', 'Mooragh Promenade'],
  ),
  manx(
    'IM8',
    'Ramsey',
    [''],
    ['Waterloo Road', 'Albert Road', 'Brookfield Avenue', 'Ballure Road'],
  ),
  manx(
    'IM9',
    'Castletown',
    ['', 'Ballasalla', 'Port Erin', 'Port St Mary', 'Colby'],
    ['Malew Street', 'Arbory Street', 'Station Road', 'Bay View Road', 'The Promenade'],
  ),
];

/** Units the generator must not hand out at random: Downing Street's and the fixed streets'. */
export function reservedUnits(area: Area): string[] {
  const downingStreet = area.outward === 'SW1A' ? ['2AA', '2AB'] : [];
  return [...downingStreet, ...Object.values(area.fixed ?? {}).map((start) => start.unit)];
}
