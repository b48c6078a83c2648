export const ROLES = ['client', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

export function isStaff(role: Role | null | undefined): boolean {
  return role === 'admin' || role === 'super_admin';
}
