import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionRecordingView } from '#domain/session-recording';
import { api } from '#web/lib/api';
import { useSession } from '#web/lib/session';

/**
 * Starts the session recorder on the borrower's pages when, and only when, the server says one is configured
 * (GET /api/session-recording). Off, nothing is loaded: the recorder's code is a separate chunk fetched only
 * for a configured service, and no script is added to the page. Staff pages are never recorded.
 */
export function SessionRecording() {
  const session = useSession();
  const isBorrower = session.data?.user ? !session.data.user.isStaff : false;
  const recording = useQuery({
    queryKey: ['session-recording'],
    queryFn: () => api<SessionRecordingView>('/api/session-recording'),
    enabled: isBorrower,
    staleTime: Infinity,
    retry: false,
  });
  const view = recording.data;
  useEffect(() => {
    if (view?.provider !== 'logrocket') return;
    void import('#web/session-recording/logrocket').then(({ createLogRocketRecorder }) =>
      recorderFor(view.appId, createLogRocketRecorder).start({ borrowerId: view.borrowerId }),
    );
  }, [view]);
  return null;
}

/** One recorder per page load, whichever guard starts it first. */
let recorder: { appId: string; start: (o: { borrowerId: string }) => void } | undefined;
function recorderFor(
  appId: string,
  create: (appId: string) => { start: (o: { borrowerId: string }) => void },
) {
  if (recorder?.appId !== appId) recorder = { appId, start: create(appId).start };
  return recorder;
}
