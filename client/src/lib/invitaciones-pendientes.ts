// The psychologist's pending forum invitations for the top bar's Foros item (spec 2 §2 Shell: loaded
// at startup), kept live by the socket. Tiny on purpose: the bar is in every first load.
import { create } from 'zustand';

export const useInvitacionesPendientes = create<{ pendientes: number }>(() => ({ pendientes: 0 }));

export const fijarPendientes = (pendientes: number) => useInvitacionesPendientes.setState({ pendientes });
