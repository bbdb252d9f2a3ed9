// The letter's drawing is shared with the customer portal (the addendum a confirmation adds to the letter), so
// it lives in src/server/application; the signing feature's own modules and tests read it from here.
export * from '#server/application/render-letter';
