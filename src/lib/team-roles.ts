/**
 * Roles of SPEC §6 and the team's (vendas, editor; what each opens is in
 * src/server/auth/access-policy.ts). `npm run admin:grant` and Better Auth's admin plugin write
 * them. Pure and import-free, so the database schema, the server and the admin pages share it.
 */
export const USER_ROLES = ['user', 'admin', 'vendas', 'editor'] as const;
export type UserRole = (typeof USER_ROLES)[number];
