/**
 * The demo video's player address: YouTube's privacy-enhanced host, loaded only once the
 * visitor presses play (the facade on /gestao), starting at once and without suggestions.
 */
export const demoVideoEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
