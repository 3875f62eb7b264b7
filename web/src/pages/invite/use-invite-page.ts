import { INVITATION_MESSAGES, INVITATION_STATUS_LABELS } from '@rent/shared/core/invitations';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { useAcceptInvitation, usePublicInvitation } from '../../api/invitations';
import { chooseOrganization } from '../../api/organizationChoice';
import { queryClient } from '../../api/queryClient';
import { logout } from '../../app/logout';
import { clearPendingInvitation, setPendingInvitation } from '../../auth/pendingInvitation';
import { startSignIn, useSession } from '../../auth/session';
import { toast } from '../../components/toast/store';

const STATUS_MESSAGES = {
  ACCEPTED: INVITATION_MESSAGES.accepted,
  REVOKED: INVITATION_MESSAGES.revoked,
  EXPIRED: INVITATION_MESSAGES.expired,
} as const;

/** The invite page's data: what the link is for, signing in for it, and accepting it. */
export function useInvitePage(token: string) {
  const navigate = useNavigate();
  const session = useSession();
  const link = usePublicInvitation(token);
  const accept = useAcceptInvitation();
  const [signingIn, setSigningIn] = useState(false);
  const [signInError, setSignInError] = useState<string | null>(null);

  const invitation = link.data ?? null;
  const deadMessage = invitation && invitation.status !== 'PENDING' ? STATUS_MESSAGES[invitation.status] : null;
  const acceptError = accept.error instanceof ApiError ? accept.error : null;

  const signIn = async () => {
    setSigningIn(true);
    setSignInError(null);
    setPendingInvitation(token);
    try {
      await startSignIn(`/invite/${token}`);
    } catch (error) {
      setSigningIn(false);
      setSignInError(errorMessage(error, 'Sign-in could not start. Please try again.'));
    }
  };

  const confirm = async () => {
    const result = await accept.mutateAsync(token).catch(() => null);
    if (!result) return;
    clearPendingInvitation();
    // Several organizations: act in the one just joined, with nothing cached from another.
    if (session.data?.userId) chooseOrganization(session.data.userId, result.organizationId);
    await queryClient.resetQueries();
    toast.success('Invitation accepted', { description: `Welcome to ${result.organizationName}.`, duration: 3000 });
    navigate(result.role === 'TENANT' ? '/rental-history' : '/dashboard', { replace: true });
  };

  /** Leave the invitation for now (the link keeps working until it expires). */
  const notNow = () => {
    clearPendingInvitation();
    navigate('/', { replace: true });
  };

  /** Wrong account: sign out without recording it through the API (that would make this account an organization). */
  const switchAccount = () => void logout({ record: false });

  return {
    session,
    loading: link.isPending,
    linkError: link.error ? errorMessage(link.error, INVITATION_MESSAGES.notFound) : null,
    invitation,
    statusLabel: invitation ? INVITATION_STATUS_LABELS[invitation.status] : null,
    deadMessage,
    signIn,
    signingIn,
    signInError,
    confirm,
    accepting: accept.isPending,
    acceptError: acceptError ? { code: acceptError.code, message: acceptError.message } : null,
    notNow,
    switchAccount,
  };
}
