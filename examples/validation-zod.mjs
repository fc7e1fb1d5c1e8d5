// Response validation with zod (any Standard Schema library works: valibot, arktype, ...). The call
// returns the schema's output; a response of the wrong shape rejects with a ValidationError.
//   API_URL=http://127.0.0.1:3000 node examples/validation-zod.mjs   (start examples/server.mjs first)
import { createApiClient, ValidationError } from 'typefetch';
import { z } from 'zod';

const baseUrl = process.env.API_URL ?? process.argv[2] ?? 'http://127.0.0.1:3000';
const api = createApiClient({ baseUrl });

const User = z.object({
  id: z.number(),
  name: z.string(),
  email: z.email(),
  // Filled in by the schema: the call returns the schema's output, not the raw JSON.
  role: z.enum(['admin', 'member']).default('member'),
});

const user = await api.get('/users/1', { validateResponse: User });
console.log(`valid: ${JSON.stringify(user)}`);

try {
  await api.get('/users/2', { validateResponse: User });
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  console.log(`${error.name} (status ${error.status}): ${error.message}`);
  for (const issue of error.issues)
    console.log(`  ${issue.path}: ${issue.expected} (received: ${issue.received})`);
}
