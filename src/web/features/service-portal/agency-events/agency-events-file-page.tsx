import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  AGENCY_EVENTS_FILE_MAX_BYTES,
  AGENCY_EVENTS_FILE_MAX_ROWS,
  AGENCY_EVENTS_FILE_TOO_LARGE,
  agencyEventsFileUploadSchema,
  type AgencyEventsFileReport,
} from '#domain/validation/agency-events-file';
import { ApiError } from '#web/lib/api';
import { PortalPage } from '#web/features/service-portal/portal-layout';
import { staffKeys, uploadAgencyEventsFile } from '#web/features/service-portal/api';

// /agency-events-file: for an agency whose system sends no webhooks, a supervisor uploads its daily CSV file of
// drafts, payments to creditors and creditors' balances. Each row is checked and recorded once; the report
// says what was applied, what was skipped because it was already known, and which rows were refused and why,
// so the supervisor can send the agency the lines to correct.

export const AGENCY_EVENTS_FILE_TITLE = 'Agency events file';

const PRIMARY =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const BOX = 'rounded-2xl border border-gray-200 bg-white shadow-sm';
const BOX_HEADING = 'border-b border-gray-200 px-5 py-3 text-lg font-semibold text-gray-900';
const MAX_MB = AGENCY_EVENTS_FILE_MAX_BYTES / (1024 * 1024);

const OUTCOME_LABEL: Record<AgencyEventsFileReport['results'][number]['outcome'], string> = {
  applied: 'Applied',
  alreadyKnown: 'Skipped, already known',
  refused: 'Refused',
};

function Counts({ report }: { report: AgencyEventsFileReport }) {
  const items = [
    ['Events in the file', report.rows],
    ['Applied', report.applied],
    ['Skipped, already known', report.alreadyKnown],
    ['Refused', report.refused],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 p-5 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-gray-50 px-4 py-3">
          <dt className="text-sm text-gray-700">{label}</dt>
          <dd className="text-2xl font-semibold text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The rows not applied now, refused first: what the supervisor sends back to the agency. */
function NotApplied({ report }: { report: AgencyEventsFileReport }) {
  const rows = [
    ...report.results.filter((r) => r.outcome === 'refused'),
    ...report.results.filter((r) => r.outcome === 'alreadyKnown'),
  ];
  if (rows.length === 0) return <p className="px-5 pb-5 text-gray-800">Every event was applied.</p>;
  return (
    <div className="overflow-x-auto px-5 pb-5">
      <table className="w-full text-left">
        <caption className="sr-only">Rows not applied</caption>
        <thead>
          <tr className="border-b border-gray-200 text-sm text-gray-700">
            <th scope="col" className="py-2 pr-4 font-medium">
              Row
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Event id
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Result
            </th>
            <th scope="col" className="py-2 font-medium">
              Why
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <tr key={r.row} className="align-top">
              <td className="py-2 pr-4 tabular-nums text-gray-900">{r.row}</td>
              <td className="max-w-48 py-2 pr-4 wrap-anywhere text-gray-900">{r.eventId ?? '—'}</td>
              <td
                className={`py-2 pr-4 whitespace-nowrap ${r.outcome === 'refused' ? 'font-medium text-red-800' : 'text-gray-800'}`}
              >
                {OUTCOME_LABEL[r.outcome]}
              </td>
              <td className="py-2 wrap-anywhere text-gray-800">
                {r.reason ?? 'The same event was recorded before.'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ report }: { report: AgencyEventsFileReport }) {
  return (
    <section className={`${BOX} mt-6`} aria-labelledby="agency-file-report">
      <h2 id="agency-file-report" className={`${BOX_HEADING} wrap-anywhere`}>
        Report: {report.fileName}
      </h2>
      <Counts report={report} />
      <NotApplied report={report} />
    </section>
  );
}

export function Component() {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<AgencyEventsFileReport | null>(null);
  const upload = useMutation({
    mutationFn: uploadAgencyEventsFile,
    onSuccess: async (answer) => {
      setProblem(null);
      setReport(answer);
      // The borrowers' payments and the counsellors' ledgers read these events.
      await queryClient.invalidateQueries({ queryKey: staffKeys.all() });
    },
    onError: (error) => {
      setReport(null);
      setProblem(error instanceof ApiError ? error.message : 'The file could not be imported.');
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Choose the CSV file to import.');
    // Told before the upload, so a wrong file is not sent across for nothing.
    if (file.size > AGENCY_EVENTS_FILE_MAX_BYTES) return setProblem(AGENCY_EVENTS_FILE_TOO_LARGE);
    const parsed = agencyEventsFileUploadSchema.safeParse({
      fileName: file.name,
      content: await file.text(),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setProblem(
        issue ? `${issue.path[0] === 'fileName' ? 'File name: ' : ''}${issue.message}` : null,
      );
    }
    setProblem(null);
    upload.mutate(parsed.data);
  };

  return (
    <PortalPage title={AGENCY_EVENTS_FILE_TITLE}>
      <section className={BOX} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className={BOX_HEADING}>
          Import the agency’s daily file
        </h2>
        <div className="space-y-4 p-5">
          <p className="max-w-prose text-gray-800">
            For an agency whose system does not send its events to us: its CSV file of drafts, payments to
            creditors and creditors’ balances, one event a row. Each row is checked and recorded once; a row
            already recorded is skipped, and a row with a problem is refused with the reason. Supervisors
            only.
          </p>
          <p className="max-w-prose text-sm text-gray-700">
            At most {MAX_MB} MB and {AGENCY_EVENTS_FILE_MAX_ROWS} events a file. The columns are described in
            the README, under “The agency’s events”.
          </p>
          <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label="Import a file">
            {problem && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {problem}
              </p>
            )}
            <div>
              <label htmlFor={`${id}-file`} className="block font-medium text-gray-900">
                CSV file
              </label>
              <input
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setProblem(null);
                }}
                className="mt-1 block w-full max-w-md text-gray-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-4 file:font-medium file:text-gray-800 hover:file:bg-gray-100"
              />
            </div>
            <button
              type="submit"
              className={PRIMARY}
              disabled={upload.isPending}
              aria-busy={upload.isPending || undefined}
            >
              {upload.isPending ? 'Importing…' : 'Import'}
            </button>
          </form>
        </div>
      </section>
      {report && <Report report={report} />}
    </PortalPage>
  );
}
