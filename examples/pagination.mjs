// Paginated lists: one page with getList, every item with paginate.
//   API_URL=http://127.0.0.1:3000 node examples/pagination.mjs   (start examples/server.mjs first)
import { createApiClient } from 'typefetch';

const baseUrl = process.env.API_URL ?? process.argv[2] ?? 'http://127.0.0.1:3000';
const api = createApiClient({ baseUrl });

// Sends ?page=1&limit=2&sort=price&order=desc&category=kitchen; the API answers with a bare array and
// the total in an X-Total-Count header (json-server style), which getList turns into page information.
const page = await api.getList('/products', {
  pagination: { page: 1, limit: 2 },
  sort: { field: 'price', order: 'desc' },
  filters: { category: 'kitchen' },
});
console.log(`page 1: ${page.data.map((product) => product.name).join(', ')}`);
console.log(JSON.stringify(page.pagination));

// paginate fetches page after page, as you iterate, until the last one.
const names = [];
for await (const product of api.paginate('/products', { pagination: { page: 1, limit: 3 } })) {
  names.push(product.name);
}
console.log(`all ${names.length} products: ${names.join(', ')}`);
