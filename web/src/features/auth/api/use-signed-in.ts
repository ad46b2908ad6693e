import { createContext, useContext } from 'react';
import type { User } from '@contract/auth';
import { afterSignIn } from '../lib/return-to';

/** What happens once a visitor is signed in (by the forms, the demo, or a session they already had). */
export type SignedIn = (user: User) => void;

/**
 * Outside the router (the prerendered landing page, which ships without react-router or TanStack Query to
 * stay small) the way in is a full page load of the dashboard, or of the page the visitor was heading to
 * (`?next=`): the session cookie is already set. Inside
 * the router, SessionGate provides a client-side navigation that also starts a clean cache for the user.
 */
export const SignedInContext = createContext<SignedIn>(() => window.location.replace(afterSignIn()));

export const useSignedIn = () => useContext(SignedInContext);
