import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VIDEO_TITLE } from '#web/components/ui/video-modal';
import { InLanguage } from '#web/test/render';
import { HowItWorksSection } from './how-it-works-section';

describe('HowItWorksSection', () => {
  it('offers no video without a video address', () => {
    render(<HowItWorksSection videoUrl={undefined} />, { wrapper: InLanguage });
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Watch the video/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Watch the video/ })).toBeNull();
  });

  it('plays a video host page in the modal; Escape closes it and focus returns to the button', async () => {
    const user = userEvent.setup();
    render(<HowItWorksSection videoUrl="https://videos.example/embed/how-it-works" />, {
      wrapper: InLanguage,
    });
    const button = screen.getByRole('button', { name: 'Watch the video' });
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: VIDEO_TITLE });
    const frame = dialog.querySelector('iframe')!;
    expect(frame).toHaveAttribute('src', 'https://videos.example/embed/how-it-works');
    expect(frame).toHaveAttribute('title', VIDEO_TITLE);
    expect(screen.getByRole('link', { name: 'Open it in a new tab (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://videos.example/embed/how-it-works',
    );
    // Focus is inside the dialog while it is open.
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();

    // From the keyboard too: Enter opens it again, the close button closes it.
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: VIDEO_TITLE });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('plays a video file with the browser’s own player', async () => {
    const user = userEvent.setup();
    render(<HowItWorksSection videoUrl="https://cdn.example/promo.mp4" />, { wrapper: InLanguage });
    await user.click(screen.getByRole('button', { name: 'Watch the video' }));
    const dialog = await screen.findByRole('dialog', { name: VIDEO_TITLE });
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('src', 'https://cdn.example/promo.mp4');
    expect(video).toHaveAttribute('controls');
    expect(dialog.querySelector('iframe')).toBeNull();
  });
});
