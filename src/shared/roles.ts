import type { Role } from './constants';

export function isStaff(role: Role | null | undefined): boolean {
  return role === 'admin' || role === 'super_admin';
}
