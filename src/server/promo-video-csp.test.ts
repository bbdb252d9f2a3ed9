import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// The landing page's video modal plays the configured promo video from its own origin: the pages' security
// policy allows that origin for frames and media, and nothing else when no video is configured.

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .find((part) => part.trim().startsWith(name))
    ?.trim();

describe('the promo video in the security policy', () => {
  let withVideo: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    [withVideo, without] = await Promise.all([
      createTestApp({ VITE_PROMO_VIDEO_URL: 'https://videos.example/embed/how-it-works' }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withVideo?.close(), without?.close()]);
  });

  it('allows the video’s origin for frames and media when a video is configured', async () => {
    const csp = String((await withVideo.client().get('/api/health')).headers['content-security-policy']);
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://videos.example");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' https://videos.example");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  });

  it('allows only the site itself without one', async () => {
    const csp = String((await without.client().get('/api/health')).headers['content-security-policy']);
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self'");
    expect(directive(csp, 'media-src')).toBe("media-src 'self'");
  });
});
