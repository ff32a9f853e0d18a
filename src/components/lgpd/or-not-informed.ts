import { lgpdAdminCopy } from '~/messages/lgpd-admin';

/** A person's field as the LGPD pages show it: the value, or "Não informado" when there is none. */
export const orNotInformed = (value: string | null | undefined): string => value || lgpdAdminCopy.notInformed;
