import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECIPIENT_IDS } from '#providers/e-signature/connect-webhook';
import { createDocuSignESignature } from '#providers/e-signature/docusign';
import { CONTRACT_BORROWER, CONTRACT_SPOUSE, contractPdf } from '#tests/contracts/e-signature.contract';
import { startDocuSignFake, type DocuSignFake } from '#tests/fakes/docusign-fake';
import { vendorDocument } from '../documents';
import { startPrism, type Prism } from '../prism';
import { startRewritingProxy } from '../rewriting-proxy';

// The real DocuSign adapter, on DocuSign's Node SDK, against DocuSign's own published eSignature REST API
// document (docusign/OpenAPI-Specifications, Swagger 2.0, trimmed to the calls the adapter makes: README.md
// beside this file), served by Prism: each request must pass the document's schema. The document gives no
// example answers, so Prism answers with what the schema describes ("string" for a string); where the adapter
// needs a particular answer (our recipient ids, an https signing URL, a completed envelope) the proxy in
// front of Prism gives it, within what the schema allows. The OAuth token (the JWT grant) is not part of
// this document: it comes from the local fake of DocuSign (tests/fakes/docusign-fake.ts).

const doc = vendorDocument('docusign', 'esignature.rest.swagger-v2.1.trimmed.json');
const ENVELOPE = '93be49ab-1111-2222-3333-f752070d71ec';

let prism: Prism;
let oauth: DocuSignFake;
let proxy: Awaited<ReturnType<typeof startRewritingProxy>>;
/** What the proxy makes of Prism's answers for the test that runs. */
let envelopeStatus: string | undefined;

beforeAll(async () => {
  [prism, oauth] = await Promise.all([startPrism(doc.path), startDocuSignFake()]);
  proxy = await startRewritingProxy(
    prism.url,
    (route, answer) => {
      const reply = answer as Record<string, unknown>;
      if (route.endsWith('/recipients'))
        // recipientId and status are strings in the schema; ours are '1' and '2'.
        return {
          ...reply,
          signers: Object.values(RECIPIENT_IDS).map((recipientId) => ({
            ...(reply.signers as Record<string, unknown>[] | undefined)?.[0],
            recipientId,
            clientUserId: recipientId === RECIPIENT_IDS.borrower ? 'borrower' : 'spouse',
            status: envelopeStatus === 'completed' ? 'completed' : 'sent',
          })),
        };
      if (route.endsWith('/views/recipient'))
        return { ...reply, url: 'https://demo.docusign.net/Signing/MTRedeem/v1/4b2e2d?slt=contract' };
      if (
        route === `/restapi/v2.1/accounts/${oauth.config.accountId}/envelopes/${ENVELOPE}` &&
        envelopeStatus
      )
        return { ...reply, envelopeId: ENVELOPE, status: envelopeStatus };
      return answer;
    },
    undefined,
    '/restapi',
  );
});
afterAll(async () => {
  await proxy?.close();
  await Promise.all([prism?.close(), oauth?.close()]);
});
afterEach(async () => {
  envelopeStatus = undefined;
  proxy.requests.length = 0;
  // Anything Prism found wrong in a request of this test fails it, even what Prism only warns about.
  expect(await prism.takeViolations()).toEqual([]);
});

const adapter = () =>
  createDocuSignESignature({
    ...oauth.config,
    basePath: `${proxy.url}/restapi`,
    connectHmacKey: 'connect-hmac-key-for-contract-tests',
  });
const api = (path: string) => `/restapi/v2.1/accounts/${oauth.config.accountId}${path}`;

describe("the DocuSign adapter against DocuSign's published eSignature REST API document", () => {
  it('sends the letter as "Envelopes: create" documents (one PDF, two signers with tabs, expiry)', async () => {
    const { envelopeId } = await adapter().createEnvelope({
      document: await contractPdf(),
      documentName: 'Letter of Authorization.pdf',
      emailSubject: 'Please sign your Letter of Authorization',
      signers: [
        CONTRACT_BORROWER,
        {
          ...CONTRACT_SPOUSE,
          language: 'es',
          invitation: { subject: 'Firme su carta', body: 'Su carta de autorización está lista.' },
        },
      ],
    });
    expect(envelopeId).toEqual(expect.any(String));
    expect(proxy.requests).toEqual([`POST ${api('/envelopes')}`]);
  });

  it('reads an envelope and its recipients as documented', async () => {
    envelopeStatus = 'sent';
    const envelope = await adapter().getEnvelope(ENVELOPE);
    expect(envelope).toMatchObject({ envelopeId: ENVELOPE, status: 'sent' });
    expect(envelope.signers.map((s) => s.role)).toEqual(['borrower', 'spouse']);
    expect(proxy.requests.sort()).toEqual(
      [`GET ${api(`/envelopes/${ENVELOPE}`)}`, `GET ${api(`/envelopes/${ENVELOPE}/recipients`)}`].sort(),
    );
  });

  it('asks for a signing view as "EnvelopeViews: createRecipient" documents', async () => {
    const url = await adapter().signingUrl({
      envelopeId: ENVELOPE,
      role: 'borrower',
      returnUrl: 'https://agency.example/sign/return',
      language: 'es',
    });
    expect(url).toMatch(/^https:\/\/demo\.docusign\.net\//);
    expect(proxy.requests).toContain(`POST ${api(`/envelopes/${ENVELOPE}/views/recipient`)}`);
  });

  it('voids an envelope with "Envelopes: update" as documented', async () => {
    envelopeStatus = 'sent';
    await adapter().voidEnvelope(ENVELOPE, 'The borrower asked for a new letter');
    expect(proxy.requests).toContain(`PUT ${api(`/envelopes/${ENVELOPE}`)}`);
  });

  it('asks for the combined signed document with its certificate as documented', async () => {
    envelopeStatus = 'completed';
    // The document gives the answer as a PDF file, which Prism cannot serve ("Cannot find serializer for
    // application/pdf": it answers 500 once the request has passed). The request is what this checks.
    await expect(adapter().getSignedDocument(ENVELOPE)).rejects.toThrow('HTTP 500');
    expect(proxy.requests).toContain(`GET ${api(`/envelopes/${ENVELOPE}/documents/combined`)}`);
  });
});
