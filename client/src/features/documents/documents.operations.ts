import { graphql } from '../../gql';

// The document kit's operations (docs/document-kit.md): one set for every document type, the type
// named by a variable. The descriptors say which fields, statuses and actions a type has.

export const DocumentTypesQuery = graphql(`
  query DocumentTypes {
    documentTypes {
      type
      prefix
      labelTh
      labelEn
      header {
        ...DocumentFieldDescriptorFields
      }
      lines {
        ...DocumentFieldDescriptorFields
      }
      statuses {
        code
        labelTh
        labelEn
      }
      transitions {
        action
        labelTh
        labelEn
        from
        to
        menuCodes
        approval
        reason
      }
      editableIn
      viewMenuCodes
      createMenuCodes
      editMenuCodes
      attachMenuCodes
      screens {
        key
        mode
        level
      }
    }
  }

  fragment DocumentFieldDescriptorFields on DocumentFieldDescriptor {
    name
    kind
    labelTh
    labelEn
    required
    maxLength
    min
    max
    scale
    options {
      value
      labelTh
      labelEn
    }
    refType
    inlineCreateMenuCodes
    derived
    list
    search
    sort
    enteredAt
    reenteredAt
    refDocumentType
    refDocumentStatus
    refLineOf
    refChoicesQuery
  }
`);

/** A document as a list row shows it (no lines or history). */
export const DocumentRowFields = graphql(`
  fragment DocumentRowFields on Document {
    id
    type
    number
    status
    version
    editable
    ownerUnitCode
    ownerUnitName
    ownerUnitNameEn
    remark
    header
    display
    displayEn
    createdByName
    createdAt
    updatedAt
  }
`);

export const DocumentsQuery = graphql(`
  query Documents(
    $type: DocumentTypeName!
    $search: String
    $status: String
    $queue: Boolean
    $level: Int
    $currentPage: Int!
    $rows: Int!
    $sort: String
    $direction: String
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    documents(
      type: $type
      search: $search
      status: $status
      queue: $queue
      level: $level
      currentPage: $currentPage
      rows: $rows
      sort: $sort
      direction: $direction
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      total
      currentPage
      rows
      startCursor
      endCursor
      items {
        ...DocumentRowFields
      }
    }
  }
`);

/**
 * A document's files and whether the caller may change them now (the server's rule), with the
 * limits the server applies to uploads.
 */
export const DocumentAttachmentsFields = graphql(`
  fragment DocumentAttachmentsFields on Document {
    attachmentKind
    attachmentsEditable
    attachmentLimits {
      maxFiles
      maxBytes
    }
    attachments {
      id
      fileName
      mediaType
      size
      createdAt
      url
    }
  }
`);

/**
 * The receipt an approval issued (a money donation's receipt, a goods donation's evidence of
 * receipt; null for other types): docs/receipts.md.
 */
export const DocumentReceiptFields = graphql(`
  fragment DocumentReceiptFields on Document {
    receipt {
      id
      kind
      number
      issuedOn
      amount
      amountInWords
      void
      voidReason
      printCount
      printable
      pdfUrl
      printViewUrl
    }
  }
`);

/** One document with everything the details view shows. */
export const DocumentDetailsFields = graphql(`
  fragment DocumentDetailsFields on Document {
    ...DocumentRowFields
    ...DocumentAttachmentsFields
    ...DocumentReceiptFields
    allowedActions
    related {
      type
      id
      number
      labelTh
      labelEn
    }
    lines {
      id
      lineNo
      values
      display
      displayEn
    }
    history {
      action
      fromStatus
      toStatus
      reason
      actorName
      at
      changes {
        field
        line
        before
        after
      }
    }
  }
`);

export const DocumentQuery = graphql(`
  query Document($type: DocumentTypeName!, $id: Int!) {
    document(type: $type, id: $id) {
      ...DocumentDetailsFields
    }
  }
`);

export const CreateDocumentMutation = graphql(`
  mutation CreateDocument($type: DocumentTypeName!, $input: DocumentInput!, $idempotencyKey: String) {
    createDocument(type: $type, input: $input, idempotencyKey: $idempotencyKey) {
      ...DocumentDetailsFields
    }
  }
`);

export const UpdateDocumentMutation = graphql(`
  mutation UpdateDocument($type: DocumentTypeName!, $id: Int!, $version: Int!, $input: DocumentInput!) {
    updateDocument(type: $type, id: $id, version: $version, input: $input) {
      ...DocumentDetailsFields
    }
  }
`);

export const ActOnDocumentMutation = graphql(`
  mutation ActOnDocument(
    $type: DocumentTypeName!
    $id: Int!
    $input: DocumentActionInput!
    $idempotencyKey: String
  ) {
    actOnDocument(type: $type, id: $id, input: $input, idempotencyKey: $idempotencyKey) {
      ...DocumentDetailsFields
    }
  }
`);

/**
 * The support request's header fields a choice of it shows (document-ref-select.tsx), checked by
 * codegen against the typed schema (SupportRequestDocumentHeader): the code names them through the
 * generated fragment type, so a misspelt field fails `npm run typecheck` (docs/typed-documents.md).
 */
export const SupportRequestChoiceHeaderFragment = graphql(`
  fragment SupportRequestChoiceHeader on SupportRequestDocumentHeader {
    requesterOffice {
      id
    }
    requesterName
    purpose
  }
`);
