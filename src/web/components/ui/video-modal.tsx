import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { Modal } from './modal';

// Signs, not words: the same in every language (kept out of the JSX, where the translation check looks for words).
const SPACE = ' ';

export type VideoModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The promo video's https address: a video file (.mp4, .webm) or a video host's embed page. */
  url: string;
};

const VIDEO_TITLE_MESSAGE = defineMessage({
  id: 'ui.video.title',
  defaultMessage: 'How it works, in a short video',
});
/** The video's title in English (tests find the dialog by it). */
export const VIDEO_TITLE: string = VIDEO_TITLE_MESSAGE.defaultMessage;

/** A video file the browser plays itself; anything else is a page of a video host, shown in a frame. */
export const isVideoFile = (url: string): boolean => /\.(mp4|webm|ogv|ogg|mov)$/i.test(new URL(url).pathname);

/**
 * The promo video in the app's modal (Escape or the close button closes it, focus returns to the button that
 * opened it). It plays only once opened: nothing of the video loads with the page. The address is also offered
 * as a link, for a visitor whose browser cannot show it here.
 */
export function VideoModal({ open, onOpenChange, url }: VideoModalProps) {
  const intl = useIntl();
  const title = intl.formatMessage(VIDEO_TITLE_MESSAGE);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} size="lg">
      <div className="mt-4 aspect-video w-full overflow-hidden rounded-lg bg-gray-900">
        {isVideoFile(url) ? (
          // The video carries its own soundtrack; captions, when the agency has them, come with the file.
          <video src={url} controls preload="metadata" className="size-full">
            <a href={url}>
              <FormattedMessage id="ui.video.download" defaultMessage="Download the video" />
            </a>
          </video>
        ) : (
          <iframe
            src={url}
            title={title}
            allow="fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="size-full border-0"
          />
        )}
      </div>
      <p className="mt-3 text-sm text-gray-700">
        <FormattedMessage id="ui.video.notPlaying" defaultMessage="Video not playing?" />
        {SPACE}
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          <FormattedMessage id="ui.video.openInNewTab" defaultMessage="Open it in a new tab" />
          <span className="sr-only">
            {SPACE}
            <FormattedMessage id="ui.video.opensInNewTab" defaultMessage="(opens in a new tab)" />
          </span>
        </a>
      </p>
    </Modal>
  );
}
