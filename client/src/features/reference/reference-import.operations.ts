import { graphql } from '../../gql';

// The reference-data kit's import (docs/reference-data-kit.md, "Import"): a template per type, a
// preview that writes nothing, and a commit that writes every row or none.

export const ReferenceImportTemplateQuery = graphql(`
  query ReferenceImportTemplate($type: ReferenceTypeName!) {
    referenceImportTemplate(type: $type) {
      fileName
      content
    }
  }
`);

export const ReferenceImportResultFields = graphql(`
  fragment ReferenceImportResultFields on ReferenceImportResult {
    fileName
    format
    columns
    total
    created
    updated
    errorRows
    committed
    rows {
      row
      action
      code
      values
      errors {
        field
        messageTh
        messageEn
      }
    }
  }
`);

export const PreviewReferenceImportMutation = graphql(`
  mutation PreviewReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {
    previewReferenceImport(type: $type, file: $file, fileName: $fileName) {
      ...ReferenceImportResultFields
    }
  }
`);

export const CommitReferenceImportMutation = graphql(`
  mutation CommitReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {
    commitReferenceImport(type: $type, file: $file, fileName: $fileName) {
      ...ReferenceImportResultFields
    }
  }
`);
