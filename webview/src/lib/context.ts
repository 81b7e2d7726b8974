import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { BoardState, BoardStore } from '../state/store';
import type { Actions } from './actions';
import type { Bridge } from './bridge';

export interface App {
  readonly store: BoardStore;
  readonly bridge: Bridge;
  readonly actions: Actions;
}

export const AppContext = createContext<App | null>(null);

export function useApp(): App {
  const app = useContext(AppContext);
  if (!app) throw new Error('AppContext missing');
  return app;
}

/** Subscribes a component to one slice of the board store. */
export function useBoard<T>(selector: (s: BoardState) => T): T {
  return useStore(useApp().store, selector);
}
