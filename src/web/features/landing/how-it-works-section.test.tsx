import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HowItWorksSection } from './how-it-works-section';

describe('HowItWorksSection', () => {
  it('offers no video without a video address', () => {
    render(<HowItWorksSection videoUrl={undefined} />);
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Watch the video/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Watch the video/ })).toBeNull();
  });

  it('links the configured video, in a new tab', () => {
    render(<HowItWorksSection videoUrl="https://videos.example/how-it-works" />);
    const link = screen.getByRole('link', { name: 'Watch the video (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://videos.example/how-it-works');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
