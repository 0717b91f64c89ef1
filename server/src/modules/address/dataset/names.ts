/** Parts for plausible generated street and building names. */

export const streetStems = [
  'Church', 'Mill', 'Station', 'Victoria', 'Albert', 'King', 'Queen', 'Park', 'Green', 'Oak', 'Elm', 'Ash',
  'Beech', 'Chestnut', 'Willow', 'Cedar', 'Birch', 'Maple', 'Hawthorn', 'Rowan', 'Holly', 'Manor', 'Grange',
  'Castle', 'Abbey', 'Bridge', 'Market', 'Chapel', 'School', 'Orchard', 'Meadow', 'Brook', 'Springfield',
  'Fairfield', 'Westfield', 'Highfield', 'Windsor', 'York', 'Cambridge', 'Oxford', 'Clarence', 'Stanley',
  'Gladstone', 'Nelson', 'Wellington', 'Cromwell', 'Milton', 'Shakespeare', 'Tennyson', 'Byron', 'Kingsway',
  'Stafford', 'Grosvenor', 'Belmont', 'Richmond', 'Melbourne', 'Derwent', 'Severn', 'Thames', 'Trinity',
  'St Mary\'s', 'St John\'s', 'St Peter\'s', 'Hillside', 'Woodland', 'Lime', 'Poplar', 'Sycamore', 'Laurel',
  'Primrose', 'Bluebell', 'Heather', 'Lavender', 'Rose', 'Ivy', 'Beaumont', 'Ashford', 'Alexandra', 'Marlborough',
  'Devonshire', 'Lancaster', 'Balmoral', 'Sandringham', 'Hanover', 'Brunswick', 'Carlton', 'Denmark', 'Egerton',
  'Farm', 'Forge', 'Mount', 'Vicarage', 'Rectory', 'Cherry', 'Lodge', 'Spring', 'Water', 'Rock', 'North',
  'South', 'East', 'West', 'New', 'Old', 'Long', 'Broad', 'Moor', 'Hall', 'Priory', 'Ferry', 'Kent', 'Essex',
  'Chatsworth', 'Kenilworth', 'Pembroke', 'Salisbury', 'Warwick', 'Ruskin', 'Dickens', 'Wordsworth',
];

export const streetSuffixes = [
  'Road', 'Road', 'Road', 'Street', 'Street', 'Avenue', 'Lane', 'Close', 'Crescent', 'Grove', 'Drive',
  'Gardens', 'Place', 'Terrace', 'Way', 'Hill', 'Row', 'Walk', 'Square', 'Mews', 'Parade', 'Rise', 'View',
];

export const scottishSuffixes = ['Wynd', 'Brae', 'Loan', 'Gardens', 'Terrace', 'Street', 'Road', 'Place', 'Crescent', 'Drive'];
export const scottishStems = ['Bruce', 'Wallace', 'Montrose', 'Argyle', 'Lomond', 'Ness', 'Tay', 'Clyde', 'Forth', 'Arran', 'Iona', 'Morven', 'Glen', 'Craig', 'Burn', 'Kirk'];

export const welshStems = ['Heol y Felin', 'Heol Eglwys', 'Ffordd yr Orsaf', 'Heol y Parc', 'Maes y Coed', 'Heol Tywi', 'Ffordd Glyndwr', 'Heol Dewi', 'Cwrt y Bont', 'Llys Derwen'];

export const manxStems = [
  'Ballakermeen', 'Ballacurn', 'Ballafletcher', 'Ballabrooie', 'Ballasalla', 'Ballaugh', 'Ballamoar', 'Ballacriy',
  'Mount Havelock', 'Hailwood', 'Tromode', 'Glen Vine', 'Cronk', 'Slieau', 'Snaefell', 'Tynwald', 'Mona', 'Ellan Vannin',
  'Farrant', 'Quayle', 'Kermode', 'Cregneash', 'Fenella', 'Manannan',
];

export const blockStems = [
  'Kensington', 'Victoria', 'Albion', 'Regent', 'Chiltern', 'Cotswold', 'Pennine', 'Mendip', 'Quantock', 'Malvern',
  'Harbour', 'Riverside', 'Canal', 'Wharf', 'Mill', 'Priory', 'Abbey', 'Cathedral', 'Foundry', 'Granary',
  'Waterside', 'Parkside', 'Fairview', 'Belvedere', 'Ashdown', 'Clifton', 'Kingfisher', 'Heron', 'Swan', 'Falcon',
];

export const blockSuffixes = ['Court', 'House', 'Lodge', 'Mansions', 'Apartments', 'Point', 'Heights', 'Place'];

export const houseNames = [
  'Rose Cottage', 'Ivy Cottage', 'The Old Rectory', 'The Old School House', 'The Coach House', 'Orchard House',
  'Meadow View', 'The Barn', 'Holly Lodge', 'Willow Cottage', 'The Stables', 'Fern Lea', 'Brook House', 'Hillcrest',
  'The Old Forge', 'Glebe House', 'Mill House', 'Woodside', 'Greenacres', 'Sunnyside', 'The Laurels', 'Beech House',
];
