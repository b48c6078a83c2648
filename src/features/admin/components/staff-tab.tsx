import {
  Badge,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage, getFieldErrors } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { STAFF_ROLES } from '@shared/schemas/admin';
import { useInvalidateAdmin } from '../hooks/use-invalidate-admin';
import type { StaffRow } from '../types';
import { formatCalendarDate, formatDateTime } from '@shared/format';
import { DataTable, ListStatus } from './data-table';

type StaffRole = (typeof STAFF_ROLES)[number];
const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);
const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', super_admin: 'Super admin' };

/** super_admin: create staff accounts, change roles, deactivate, end sessions (each ends that person's sessions). */
export function StaffTab({ currentUserId }: { currentUserId: string }) {
  const query = trpc.admin.listStaff.useQuery(undefined, { staleTime: 10_000 });
  return (
    <Stack gap="8">
      <CreateStaffForm />
      <Box>
        <Heading as="h2" size="md" mb="3">
          Staff accounts
        </Heading>
        {query.isPending || query.isError ? (
          <ListStatus
            texts={{ error: 'Failed to fetch staff accounts', loading: 'Loading staff', empty: '' }}
            isError={query.isError}
            isPending={query.isPending}
            isEmpty={false}
          />
        ) : (
          <DataTable
            caption="Staff accounts"
            columns={['Name', 'Email', 'Role', 'Status', 'Two-factor', 'Last Login', 'Sessions', 'Actions']}
            hasStickyHeader={false}
          >
            {query.data.map((member) => (
              <StaffRowView key={member.id} member={member} isSelf={member.id === currentUserId} />
            ))}
          </DataTable>
        )}
      </Box>
    </Stack>
  );
}

function StaffRowView({ member, isSelf }: { member: StaffRow; isSelf: boolean }) {
  const invalidate = useInvalidateAdmin();
  const setRole = trpc.admin.setStaffRole.useMutation();
  const setActive = trpc.admin.setStaffActive.useMutation();
  const endSessions = trpc.admin.terminateStaffSessions.useMutation();
  const name = `${member.firstName} ${member.lastName}`.trim();
  const report = (title: string) => ({
    onSuccess: (result: { sessionsEnded: number }) => {
      toaster.create({
        type: 'success',
        title,
        description: result.sessionsEnded ? `${result.sessionsEnded} session(s) ended` : undefined,
      });
      void invalidate();
    },
    onError: (error: unknown) =>
      toaster.create({ type: 'error', title: 'Action failed', description: getErrorMessage(error) }),
  });
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">
        {name} {isSelf && <Badge variant="outline">You</Badge>}
      </Table.Cell>
      <Table.Cell>{member.email}</Table.Cell>
      <Table.Cell>
        <NativeSelect.Root size="sm" width="36" disabled={isSelf || setRole.isPending}>
          <NativeSelect.Field
            aria-label={`Role of ${name}`}
            value={member.role}
            onChange={(event) => {
              const role = event.currentTarget.value;
              if (isStaffRole(role)) setRole.mutate({ id: member.id, role }, report('Role changed'));
            }}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={member.isActive ? 'green' : 'gray'} variant="subtle">
          {member.isActive ? 'Active' : 'Deactivated'}
        </Badge>
      </Table.Cell>
      <Table.Cell>{member.twoFactorEnabled ? 'Enrolled' : 'Not yet'}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{member.lastLoginAt ? formatDateTime(member.lastLoginAt) : 'Never'}</Table.Cell>
      <Table.Cell>{member.activeSessions}</Table.Cell>
      <Table.Cell>
        {isSelf ? (
          <Text fontSize="xs" color="fg.muted">
            Joined {formatCalendarDate(member.createdAt)}
          </Text>
        ) : (
          <HStack gap="1">
            <Button
              size="xs"
              variant="outline"
              colorPalette={member.isActive ? 'red' : 'green'}
              loading={setActive.isPending}
              aria-label={`${member.isActive ? 'Deactivate' : 'Reactivate'} ${name}`}
              onClick={() =>
                setActive.mutate(
                  { id: member.id, isActive: !member.isActive },
                  report(member.isActive ? 'Account deactivated' : 'Account reactivated'),
                )
              }
            >
              {member.isActive ? 'Deactivate' : 'Reactivate'}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              disabled={member.activeSessions === 0}
              loading={endSessions.isPending}
              aria-label={`End sessions of ${name}`}
              onClick={() => endSessions.mutate({ id: member.id }, report('Sessions ended'))}
            >
              End sessions
            </Button>
          </HStack>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

function CreateStaffForm() {
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [role, setRole] = useState<StaffRole>('admin');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const invalidate = useInvalidateAdmin();
  const create = trpc.admin.createStaff.useMutation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await create.mutateAsync({ email: email.trim(), firstName: firstName.trim(), lastName: lastName.trim(), role });
      toaster.create({
        type: 'success',
        title: 'Staff account created',
        description: `An invitation to choose a password was sent to ${email.trim()}.`,
      });
      setEmail('');
      setFirstName('');
      setLastName('');
      setErrors({});
      await invalidate();
    } catch (failure) {
      setErrors(getFieldErrors(failure));
      toaster.create({ type: 'error', title: 'Failed to create staff account', description: getErrorMessage(failure) });
    }
  }

  return (
    <chakra.form onSubmit={handleSubmit} noValidate borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" size="md" mb="1">
        Create a staff account
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="4">
        The new staff member receives a link to choose a password, then sets up an authenticator app at first login.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
        <Field.Root required invalid={Boolean(errors.email)}>
          <Field.Label>
            Staff email <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
          {errors.email && <Field.ErrorText>{errors.email[0]}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.firstName)}>
          <Field.Label>
            First name <Field.RequiredIndicator />
          </Field.Label>
          <Input value={firstName} onChange={(event) => setFirstName(event.target.value)} />
          {errors.firstName && <Field.ErrorText>{errors.firstName[0]}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.lastName)}>
          <Field.Label>
            Last name <Field.RequiredIndicator />
          </Field.Label>
          <Input value={lastName} onChange={(event) => setLastName(event.target.value)} />
          {errors.lastName && <Field.ErrorText>{errors.lastName[0]}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>Role</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={role}
              onChange={(event) => isStaffRole(event.currentTarget.value) && setRole(event.currentTarget.value)}
            >
              {STAFF_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Button type="submit" mt="4" colorPalette="brand" loading={create.isPending} loadingText="Creating...">
        Create Staff Account
      </Button>
    </chakra.form>
  );
}
