// Sample records for the demo API. Written for typefetch; any likeness to real people or shops is chance.

export const users = [
  {
    id: 1,
    name: 'Maren Okafor',
    username: 'maren.o',
    email: 'maren@tidewater.example',
    address: {
      street: '14 Harbour Lane',
      suite: 'Apt. 3',
      city: 'Port Ellis',
      zipcode: '40231',
      geo: { lat: '51.5072', lng: '-0.1276' },
    },
    phone: '+44 20 7946 0101',
    website: 'tidewater.example',
    company: { name: 'Tidewater Analytics', catchPhrase: 'Numbers that float', bs: 'harness tidal metrics' },
  },
  {
    id: 2,
    name: 'Tomás Vidal',
    username: 'tvidal',
    email: 'tomas@orchard.example',
    address: {
      street: '88 Calle del Olmo',
      suite: 'Suite 210',
      city: 'Valdemora',
      zipcode: '28012',
      geo: { lat: '40.4168', lng: '-3.7038' },
    },
    phone: '+34 91 555 0142',
    website: null,
    company: {
      name: 'Orchard Logistics',
      catchPhrase: 'Every crate, on time',
      bs: 'streamline last-mile routes',
    },
  },
  {
    id: 3,
    name: 'Aiko Brandt',
    username: 'aiko_b',
    email: 'aiko@northlight.example',
    address: {
      street: '5 Birch Row',
      suite: 'Floor 2',
      city: 'Lindholm',
      zipcode: '11453',
      geo: { lat: '59.3293', lng: '18.0686' },
    },
    phone: '+46 8 555 0199',
    website: 'northlight.example',
    company: { name: 'Northlight Studio', catchPhrase: 'Design after dark', bs: 'illuminate brand systems' },
  },
];

export const posts = [
  {
    id: 1,
    userId: 1,
    title: 'Reading tide tables with code',
    body: 'A short tour of harmonic constituents.',
    tags: ['data', 'ocean'],
    publishedAt: '2024-03-02T09:15:00Z',
  },
  {
    id: 2,
    userId: 1,
    title: 'Why our charts start at zero',
    body: 'Axis honesty, with examples.',
    tags: ['charts'],
    publishedAt: '2024-04-11T16:40:00Z',
  },
  {
    id: 3,
    userId: 2,
    title: 'Packing a truck is a knapsack problem',
    body: 'Heuristics that beat the spreadsheet.',
    tags: [],
    publishedAt: null,
  },
  {
    id: 4,
    userId: 3,
    title: 'Dark mode is a colour system',
    body: 'Contrast ratios, not inverted hex codes.',
    tags: ['design', 'a11y'],
    publishedAt: '2024-05-20T08:00:00Z',
  },
];

export const todos = [
  { id: 1, userId: 1, title: 'Calibrate the harbour sensor', completed: true },
  { id: 2, userId: 1, title: 'Write the Q2 tide report', completed: false, dueDate: '2024-06-30' },
  { id: 3, userId: 2, title: 'Renew the fleet insurance', completed: false, dueDate: null },
  { id: 4, userId: 3, title: 'Ship the icon set', completed: true },
];

export const products = [
  {
    id: 'prd_1001',
    name: 'Lantern Mug',
    category: 'kitchen',
    description: 'Stoneware mug with a glaze that glows under UV light.',
    variants: [
      {
        sku: 'LM-350-BLU',
        color: 'blue',
        size: '350ml',
        price: { amount: 1800, currency: 'EUR' },
        stock: 42,
      },
      {
        sku: 'LM-350-AMB',
        color: 'amber',
        size: '350ml',
        price: { amount: 1800, currency: 'EUR' },
        stock: 0,
      },
    ],
    rating: { average: 4.6, count: 128 },
    discount: null,
    tags: ['gift', 'handmade'],
  },
  {
    id: 'prd_1002',
    name: 'Trail Notebook',
    category: 'stationery',
    description: 'Waterproof A6 notebook, dot grid.',
    variants: [
      {
        sku: 'TN-A6-GRN',
        color: 'green',
        price: { amount: 1250, currency: 'EUR', compareAt: 1500 },
        stock: 210,
        dimensions: { widthMm: 105, heightMm: 148, depthMm: 12 },
      },
    ],
    rating: null,
    discount: { code: 'SPRING10', percent: 10, endsAt: '2024-06-01T00:00:00Z' },
    tags: ['outdoor'],
  },
  {
    id: 'prd_1003',
    name: 'Desk Plant Kit',
    category: 'home',
    variants: [],
    rating: { average: 4.1, count: 9 },
    discount: null,
    tags: [],
  },
];
