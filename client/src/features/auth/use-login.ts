import { useMutation } from '@apollo/client/react';
import { useNavigate } from '@tanstack/react-router';
import { DonorLoginMutation, LoginMutation } from '../../platform/session/session.operations';
import { useSessionStore } from '../../platform/session/session-context';
import { normaliseStaffLogin, type StaffLoginValues } from './staff-login.schema';

type Login = (values: StaffLoginValues, headers?: Record<string, string>) => Promise<void>;

/** Staff login (specification sec. 3: username lower-cased): stores the session and opens the back office. */
export function useStaffLogin(): Login {
  const [login] = useMutation(LoginMutation);
  const session = useSessionStore();
  const navigate = useNavigate();
  return async (values, headers = {}) => {
    const { data } = await login({ variables: normaliseStaffLogin(values), context: { headers } });
    if (!data) throw new Error('login returned no data');
    session.signIn(data.login);
    await navigate({ to: '/backoffice' });
  };
}

/** Donor login with e-mail and password: stores the internet-user session and opens the donation history. */
export function useDonorLogin(): Login {
  const [login] = useMutation(DonorLoginMutation);
  const session = useSessionStore();
  const navigate = useNavigate();
  return async (values, headers = {}) => {
    const { data } = await login({
      variables: { username: values.username.trim().toLowerCase(), password: values.password },
      context: { headers },
    });
    if (!data) throw new Error('donorLogin returned no data');
    session.signIn(data.donorLogin);
    await navigate({ to: '/user/donation-history' });
  };
}
