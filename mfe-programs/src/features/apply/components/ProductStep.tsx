import { useMemo } from 'react';
import {
  productStepSchema,
  productStepSchemaOf,
  WIZARD_QUESTIONS,
  type ApplicationDraft,
  type ProductStep as ProductAnswers,
  type WizardQuestions,
} from '@sq/contracts/api/applications';
import { productFieldName, productInitial, productRequest, questionsOf, type ProductValues } from '../answers';
import { backupKey, useStepForm } from '../hooks/use-step-form';
import { StepForm } from './StepForm';
import { TextAreaField, TextField } from '../../../shared/Field';

type QuestionKind = ProductAnswers['kind'];

export interface ProductStepProps {
  draft: ApplicationDraft;
  save: (answers: ProductAnswers) => Promise<void>;
  onBack: (() => void) | null;
  /** The wizard's questions (the one definition; a test passes one with a question added). */
  definition?: WizardQuestions;
}

/** {product}: the program's own questions (the 14-week project asks those of the role applied for). */
export function ProductStep({ draft, save, onBack, definition = WIZARD_QUESTIONS }: ProductStepProps) {
  const kind = draft.kind as QuestionKind;
  const role = draft.answers.required?.role ?? null;
  const questions = questionsOf(kind, role, definition);
  const schema = useMemo(
    () =>
      definition === WIZARD_QUESTIONS
        ? productStepSchema
        : (productStepSchemaOf(definition) as unknown as typeof productStepSchema),
    [definition],
  );
  const form = useStepForm<ProductValues, ProductAnswers>({
    // The role is part of the key: another role's questions start from their own answers.
    storageKey: backupKey(draft.oddId, `product-${role ?? 'none'}`),
    initial: () => productInitial(draft.answers.product, kind, role, definition),
    schema,
    toRequest: (values) => productRequest(values, kind, role, definition),
    save,
  });
  const { values, setValue, errors } = form;
  const errorOf = (name: string) => Object.entries(errors).find(([key]) => productFieldName(key) === name)?.[1];

  return (
    <StepForm onSubmit={form.submit} formError={form.formError} busy={form.saving} onBack={onBack}>
      {questions.map((q) =>
        q.kind === 'longText' ? (
          <TextAreaField
            key={q.name}
            label={q.label}
            name={q.name}
            maxLength={1000}
            hint={q.hint}
            value={values[q.name] ?? ''}
            onChange={(e) => setValue(q.name, e.target.value)}
            error={errorOf(q.name)}
          />
        ) : (
          <TextField
            key={q.name}
            label={q.label}
            name={q.name}
            hint={q.hint}
            value={values[q.name] ?? ''}
            onChange={(e) => setValue(q.name, e.target.value)}
            error={errorOf(q.name)}
          />
        ),
      )}
    </StepForm>
  );
}
