import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { proposal } from '#server/db/schema/proposal';
import { createS3DocumentStore } from '#providers/document-store/s3';
import { type S3Fake, startS3Fake } from '#tests/fakes/s3-fake';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';

// Proposals in a bucket whose policy is the least-privilege one of docs/providers.md: s3:GetObject and
// s3:PutObject on the prefix, no s3:ListBucket. AWS documents GetObject's answer for a missing object then:
// "If you don’t have the s3:ListBucket permission, Amazon S3 returns an HTTP status code 403 Access Denied
// error." A proposal the database names but the bucket no longer holds is not found (404), not a 500.

let fake: S3Fake;
let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
const warnings: string[] = [];
beforeAll(async () => {
  fake = await startS3Fake();
  t = await createTestApp(
    {},
    {
      documentStore: createS3DocumentStore({
        bucket: fake.bucket,
        region: fake.region,
        endpoint: fake.endpoint,
        forcePathStyle: true,
        credentials: fake.credentials,
        warn: (message) => warnings.push(message),
      }),
    },
  );
  staff = await signedInStaff(t);
  fake.listBucket = false;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('proposal downloads from a bucket without s3:ListBucket', () => {
  it('downloads a stored proposal, and answers 404 for one the bucket no longer holds', async () => {
    const a = await applicationIn(t, 'creditorReview', 'Leastprivilege');
    await t.app.prepareProposals(a.applicationId);
    const [kept, lost] = a.offers;
    const url = (offerId: string) => `/api/staff/applications/${a.applicationId}/offers/${offerId}/proposal`;

    const ok = await staff.client.get(url(kept!.id));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const [row] = await t.db
      .select({ key: proposal.documentKey })
      .from(proposal)
      .where(and(eq(proposal.applicationId, a.applicationId), eq(proposal.offerId, lost!.id)));
    fake.objects.delete(row!.key);
    warnings.length = 0;
    const gone = await staff.client.get(url(lost!.id));
    expect(gone.statusCode, gone.body).toBe(404);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain(a.applicationId);
    expect(warnings[0]).not.toContain(lost!.id);
  }, 60_000);
});
