/*
 * The personal data of the blog (src/server/db/personal-data.ts has the shape): public posts,
 * and the team member who wrote or uploaded them.
 */
import type { PersonalDataPart } from '../db/personal-data';

export const blogPersonalData: PersonalDataPart = {
  tables: {
    blog_posts: { holds: 'team', kept: "the author's account id, as long as the post" },
    blog_images: { holds: 'team', kept: "the uploader's account id, as long as the image" },
    blog_image_variants: { holds: 'none' },
    blog_meta: { holds: 'none' },
  },
};
