import { callRoute } from '../api/client';
import { forgetLastOrganization } from '../api/organizationChoice';
import { queryClient } from '../api/queryClient';
import { endSession, getSessionState } from '../auth/session';

/**
 * Logout from the profile menu or the sidebar: POST /api/logout first (it records a SecurityLog;
 * its failure does not stop the sign-out), then Amplify's signOut, which ends at "/".
 * After "Sign out of all devices" (`record: false`) this browser's token is already refused and the
 * server has logged the event, so only the local session ends.
 */
export async function logout({ record = true }: { record?: boolean } = {}): Promise<void> {
  if (record) {
    try {
      await callRoute('logout');
    } catch (error) {
      console.warn('Logout could not be recorded', error);
    }
  }
  queryClient.clear();
  forgetLastOrganization(getSessionState().data?.userId);
  let leaving = false;
  const onLeave = () => {
    leaving = true;
  };
  window.addEventListener('pagehide', onLeave, { once: true });
  window.addEventListener('beforeunload', onLeave, { once: true });
  try {
    // With the Hosted UI this sends the browser to Cognito's /logout, which returns to "/".
    await endSession();
  } catch (error) {
    console.warn('Sign-out failed; local session cleared', error);
  }
  // Without a redirect (tokens already gone, or sign-out failed) still end at "/".
  setTimeout(() => {
    if (!leaving && window.location.pathname !== '/') window.location.assign('/');
  }, 1500);
}
