// Demo content contributed by each domain, run after the accounts are seeded.
import type { SembradorDemo } from './seed';

export const sembradoresDemo: SembradorDemo[] = [];
