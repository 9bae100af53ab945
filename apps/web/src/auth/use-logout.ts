import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../lib/trpc';
import { clearAssistantConversations, clearSignedInUser, readStoredUsername } from './browser-storage';

/** Ends the server session, forgets the stored user, assistant conversations and cached data, and returns to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    const username = readStoredUsername();
    try {
      await logout.mutateAsync(username ? { username } : undefined);
    } catch {
      // An already expired session is as good as a logged-out one.
    }
    clearSignedInUser();
    clearAssistantConversations();
    navigate('/login', { replace: true });
    queryClient.clear();
  }

  return { signOut, pending };
}
