import { Alert, Stack, Text } from '@chakra-ui/react';
import { MAX_BANK_STATEMENTS } from '@shared/constants';
import { APPLICATION_MESSAGES, fileProblem, type DocumentField } from '@shared/schemas/application';
import type { WizardFiles } from '../utils/submit';
import { WELCOME_BACK } from '../utils/wizard';
import { FileDropzone } from './file-dropzone';

export type DocumentErrors = Partial<Record<DocumentField, string>>;

type Props = {
  files: WizardFiles;
  errors: DocumentErrors;
  isReturning: boolean;
  onFilesChange: (files: WizardFiles) => void;
  onErrorsChange: (errors: DocumentErrors) => void;
};

const DESCRIPTION = 'PDF or image (JPEG, PNG, WebP, HEIC), up to 10MB each.';

/** Keeps the acceptable files and names the first refused one. */
function screen(chosen: File[]): { accepted: File[]; problem: string | null } {
  const accepted: File[] = [];
  let problem: string | null = null;
  for (const file of chosen) {
    const reason = fileProblem(file);
    if (reason) problem ??= `${file.name}: ${reason}`;
    else accepted.push(file);
  }
  return { accepted, problem };
}

export function DocumentsStep({ files, errors, isReturning, onFilesChange, onErrorsChange }: Props) {
  function addStatements(chosen: File[]) {
    const { accepted, problem } = screen(chosen);
    const combined = [...files.bankStatements, ...accepted];
    // Up to 4 statements are kept.
    const kept = combined.slice(0, MAX_BANK_STATEMENTS);
    onFilesChange({ ...files, bankStatements: kept });
    const overflow =
      combined.length > kept.length
        ? `${APPLICATION_MESSAGES.bankStatementsMax}; only the first ${MAX_BANK_STATEMENTS} were kept.`
        : null;
    onErrorsChange({ ...errors, bankStatements: problem ?? overflow ?? undefined });
  }

  function setSingle(field: 'driversLicense' | 'voidedCheck', chosen: File[]) {
    const { accepted, problem } = screen(chosen.slice(0, 1));
    if (accepted[0]) onFilesChange({ ...files, [field]: accepted[0] });
    onErrorsChange({ ...errors, [field]: problem ?? undefined });
  }

  return (
    <Stack gap="6">
      {isReturning ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Welcome back</Alert.Title>
            <Alert.Description>{WELCOME_BACK}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Text color="fg.muted">
          Upload your last three months of business bank statements, your driver&apos;s license and a voided check.
        </Text>
      )}
      <FileDropzone
        name="bankStatements"
        label="Bank Statements"
        description={`Up to ${MAX_BANK_STATEMENTS} files. ${DESCRIPTION}`}
        files={files.bankStatements}
        isMultiple
        isRequired
        error={errors.bankStatements}
        onAdd={addStatements}
        onRemove={(index) => {
          onFilesChange({ ...files, bankStatements: files.bankStatements.filter((_, position) => position !== index) });
          onErrorsChange({ ...errors, bankStatements: undefined });
        }}
      />
      {!isReturning && (
        <>
          <FileDropzone
            name="driversLicense"
            label="Driver's License"
            description={`One file. ${DESCRIPTION}`}
            files={files.driversLicense ? [files.driversLicense] : []}
            isMultiple={false}
            isRequired
            error={errors.driversLicense}
            onAdd={(chosen) => setSingle('driversLicense', chosen)}
            onRemove={() => onFilesChange({ ...files, driversLicense: null })}
          />
          <FileDropzone
            name="voidedCheck"
            label="Voided Check"
            description={`One file. ${DESCRIPTION}`}
            files={files.voidedCheck ? [files.voidedCheck] : []}
            isMultiple={false}
            isRequired
            error={errors.voidedCheck}
            onAdd={(chosen) => setSingle('voidedCheck', chosen)}
            onRemove={() => onFilesChange({ ...files, voidedCheck: null })}
          />
        </>
      )}
    </Stack>
  );
}
