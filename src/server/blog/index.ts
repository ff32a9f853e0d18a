/*
 * The blog: public list and post pages, the feed and sitemap entries, cover images, and the
 * editor's writes. Routes reach its data as `runtime.blog`; this face holds the
 * page-number parser, the shapes pages render and the writes' refusals.
 */
export { parsePageParam, type BlogListPage, type PostWithCover } from './pages';
export { CoverUploadError, type CoverSizes } from './cover.service';
export { DuplicateSlugError, PostNotFoundError, PostValidationError } from './post.service';
export type { BlogService } from './blog.service';
