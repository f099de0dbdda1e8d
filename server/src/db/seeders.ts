// Demo content contributed by each domain, run after the accounts are seeded.
import type { SembradorDemo } from './seed';
import { sembrarAgendaDemo } from '../modules/agenda/seed';
import { sembrarChatDemo } from '../modules/chat/seed';

export const sembradoresDemo: SembradorDemo[] = [sembrarAgendaDemo, sembrarChatDemo];
