/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email)\n  }\n": typeof types.ForgotPasswordDocument,
    "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword)\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input)\n  }\n": typeof types.RegisterDocument,
    "\n  mutation ActivateAccount($xcode: String!) {\n    activateAccount(xcode: $xcode)\n  }\n": typeof types.ActivateAccountDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query DemoAccounts {\n    demoAccounts {\n      username\n      password\n      kind\n      groupCode\n      groupName\n    }\n  }\n": typeof types.DemoAccountsDocument,
    "\n  mutation RegisterDonor($input: DonorRegisterInput!) {\n    registerDonor(input: $input)\n  }\n": typeof types.RegisterDonorDocument,
    "\n  query DocumentTypes {\n    documentTypes {\n      type\n      prefix\n      labelTh\n      labelEn\n      header {\n        ...DocumentFieldDescriptorFields\n      }\n      lines {\n        ...DocumentFieldDescriptorFields\n      }\n      statuses {\n        code\n        labelTh\n        labelEn\n      }\n      transitions {\n        action\n        labelTh\n        labelEn\n        from\n        to\n        menuCodes\n        approval\n        reason\n      }\n      editableIn\n      viewMenuCodes\n      createMenuCodes\n      editMenuCodes\n      screens {\n        key\n        mode\n        level\n      }\n    }\n  }\n\n  fragment DocumentFieldDescriptorFields on DocumentFieldDescriptor {\n    name\n    kind\n    labelTh\n    labelEn\n    required\n    maxLength\n    min\n    max\n    scale\n    options {\n      value\n      labelTh\n      labelEn\n    }\n    refType\n    inlineCreateMenuCodes\n    derived\n    list\n    search\n    sort\n    enteredAt\n  }\n": typeof types.DocumentTypesDocument,
    "\n  fragment DocumentRowFields on Document {\n    id\n    type\n    number\n    status\n    version\n    editable\n    ownerUnitCode\n    ownerUnitName\n    remark\n    header\n    display\n    createdByName\n    createdAt\n    updatedAt\n  }\n": typeof types.DocumentRowFieldsFragmentDoc,
    "\n  query Documents(\n    $type: DocumentTypeName!\n    $search: String\n    $status: String\n    $queue: Boolean\n    $level: Int\n    $currentPage: Int!\n    $rows: Int!\n    $sort: String\n    $direction: String\n  ) {\n    documents(\n      type: $type\n      search: $search\n      status: $status\n      queue: $queue\n      level: $level\n      currentPage: $currentPage\n      rows: $rows\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...DocumentRowFields\n      }\n    }\n  }\n": typeof types.DocumentsDocument,
    "\n  fragment DocumentAttachmentsFields on Document {\n    attachmentKind\n    attachmentsEditable\n    attachmentLimits {\n      maxFiles\n      maxBytes\n    }\n    attachments {\n      id\n      fileName\n      mediaType\n      size\n      createdAt\n      url\n    }\n  }\n": typeof types.DocumentAttachmentsFieldsFragmentDoc,
    "\n  fragment DocumentReceiptFields on Document {\n    receipt {\n      id\n      number\n      issuedOn\n      amount\n      amountInWords\n      void\n      voidReason\n      printCount\n      printable\n      pdfUrl\n      printViewUrl\n    }\n  }\n": typeof types.DocumentReceiptFieldsFragmentDoc,
    "\n  fragment DocumentDetailsFields on Document {\n    ...DocumentRowFields\n    ...DocumentAttachmentsFields\n    ...DocumentReceiptFields\n    allowedActions\n    lines {\n      id\n      lineNo\n      values\n      display\n    }\n    history {\n      action\n      fromStatus\n      toStatus\n      reason\n      actorName\n      at\n    }\n  }\n": typeof types.DocumentDetailsFieldsFragmentDoc,
    "\n  query Document($type: DocumentTypeName!, $id: Int!) {\n    document(type: $type, id: $id) {\n      ...DocumentDetailsFields\n    }\n  }\n": typeof types.DocumentDocument,
    "\n  mutation CreateDocument($type: DocumentTypeName!, $input: DocumentInput!, $idempotencyKey: String) {\n    createDocument(type: $type, input: $input, idempotencyKey: $idempotencyKey) {\n      ...DocumentDetailsFields\n    }\n  }\n": typeof types.CreateDocumentDocument,
    "\n  mutation UpdateDocument($type: DocumentTypeName!, $id: Int!, $version: Int!, $input: DocumentInput!) {\n    updateDocument(type: $type, id: $id, version: $version, input: $input) {\n      ...DocumentDetailsFields\n    }\n  }\n": typeof types.UpdateDocumentDocument,
    "\n  mutation ActOnDocument(\n    $type: DocumentTypeName!\n    $id: Int!\n    $input: DocumentActionInput!\n    $idempotencyKey: String\n  ) {\n    actOnDocument(type: $type, id: $id, input: $input, idempotencyKey: $idempotencyKey) {\n      ...DocumentDetailsFields\n    }\n  }\n": typeof types.ActOnDocumentDocument,
    "\n  query DonationPointsByRegion {\n    donationPointsByRegion {\n      count\n      region {\n        id\n        nameTh\n        nameEn\n      }\n    }\n  }\n": typeof types.DonationPointsByRegionDocument,
    "\n  query HomeOrganisation {\n    organisationTree {\n      id\n      code\n      nameTh\n      nameEn\n      children {\n        id\n        code\n        nameTh\n        nameEn\n      }\n    }\n  }\n": typeof types.HomeOrganisationDocument,
    "\n  query HomeFigures {\n    publicFigures {\n      fiscalYear\n      moneyReceived\n      goodsValueReceived\n      itemsGivenOut\n      donationPoints\n    }\n  }\n": typeof types.HomeFiguresDocument,
    "\n  query MostNeeded {\n    mostNeededItems(limit: 5) {\n      resourceCode\n      resourceNameTh\n      resourceNameEn\n      countingUnitTh\n      countingUnitEn\n      needed\n      provinces\n      shortfall\n    }\n  }\n": typeof types.MostNeededDocument,
    "\n  query StockOnHand($storageId: Int) {\n    stockOnHand(storageId: $storageId) {\n      balanceId\n      storageCode\n      storageNameTh\n      resourceCode\n      resourceNameTh\n      resourceNameEn\n      countingUnitTh\n      lot\n      expiryDate\n      onHand\n      reserved\n      available\n      inTransit\n      value\n    }\n  }\n": typeof types.StockOnHandDocument,
    "\n  query StockCard($storageId: Int!, $resourceId: Int!, $from: DateTimeISO, $to: DateTimeISO) {\n    stockCard(storageId: $storageId, resourceId: $resourceId, from: $from, to: $to) {\n      movementId\n      createdAt\n      movementType\n      lot\n      quantity\n      onHandAfter\n      lotOnHandAfter\n      documentType\n      documentId\n      reasonNameTh\n    }\n  }\n": typeof types.StockCardDocument,
    "\n  query ExpiringLots($withinDays: Int!, $storageId: Int) {\n    expiringLots(withinDays: $withinDays, storageId: $storageId) {\n      balanceId\n      storageCode\n      storageNameTh\n      resourceCode\n      resourceNameTh\n      countingUnitTh\n      lot\n      expiryDate\n      daysLeft\n      available\n    }\n  }\n": typeof types.ExpiringLotsDocument,
    "\n  query MoneyBalances {\n    moneyBalances {\n      accountId\n      accountCode\n      accountNameTh\n      accountNumber\n      bankCode\n      balance\n    }\n  }\n": typeof types.MoneyBalancesDocument,
    "\n  query MoneyCard($accountId: Int!, $from: DateTimeISO, $to: DateTimeISO) {\n    moneyCard(accountId: $accountId, from: $from, to: $to) {\n      movementId\n      createdAt\n      movementType\n      amount\n      balanceAfter\n      documentType\n      documentId\n    }\n  }\n": typeof types.MoneyCardDocument,
    "\n  query DonationPoints {\n    donationPoints {\n      id\n      code\n      nameTh\n      nameEn\n      addressLine\n      postcode\n      latitude\n      longitude\n      phone\n      openingHours\n      subDistrict {\n        id\n        nameTh\n        nameEn\n        district {\n          id\n          nameTh\n          nameEn\n        }\n      }\n      province {\n        id\n        nameTh\n        nameEn\n      }\n    }\n  }\n": typeof types.DonationPointsDocument,
    "\n  query ProvinceCentres {\n    provinces {\n      id\n      nameTh\n      nameEn\n      latitude\n      longitude\n    }\n  }\n": typeof types.ProvinceCentresDocument,
    "\n  query ReferenceImportTemplate($type: ReferenceTypeName!) {\n    referenceImportTemplate(type: $type) {\n      fileName\n      content\n    }\n  }\n": typeof types.ReferenceImportTemplateDocument,
    "\n  fragment ReferenceImportResultFields on ReferenceImportResult {\n    fileName\n    format\n    columns\n    total\n    created\n    updated\n    errorRows\n    committed\n    rows {\n      row\n      action\n      code\n      values\n      errors {\n        field\n        messageTh\n        messageEn\n      }\n    }\n  }\n": typeof types.ReferenceImportResultFieldsFragmentDoc,
    "\n  mutation PreviewReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {\n    previewReferenceImport(type: $type, file: $file, fileName: $fileName) {\n      ...ReferenceImportResultFields\n    }\n  }\n": typeof types.PreviewReferenceImportDocument,
    "\n  mutation CommitReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {\n    commitReferenceImport(type: $type, file: $file, fileName: $fileName) {\n      ...ReferenceImportResultFields\n    }\n  }\n": typeof types.CommitReferenceImportDocument,
    "\n  query ReferenceTypes {\n    referenceTypes {\n      type\n      key\n      labelTh\n      labelEn\n      viewMenuCodes\n      createMenuCodes\n      editMenuCodes\n      scope\n      screens {\n        key\n        mode\n      }\n      fields {\n        name\n        kind\n        labelTh\n        labelEn\n        required\n        maxLength\n        min\n        max\n        scale\n        options {\n          value\n          labelTh\n          labelEn\n        }\n        refType\n        inlineCreateMenuCodes\n        derived\n        list\n        search\n        sort\n      }\n    }\n  }\n": typeof types.ReferenceTypesDocument,
    "\n  fragment ReferenceItemFields on ReferenceItem {\n    id\n    code\n    statusCode\n    nameTh\n    nameEn\n    values\n    display\n    createdAt\n    updatedAt\n  }\n": typeof types.ReferenceItemFieldsFragmentDoc,
    "\n  query ReferenceItems(\n    $type: ReferenceTypeName!\n    $search: String\n    $statusCode: String\n    $currentPage: Int!\n    $rows: Int!\n    $sort: String\n    $direction: String\n  ) {\n    referenceItems(\n      type: $type\n      search: $search\n      statusCode: $statusCode\n      currentPage: $currentPage\n      rows: $rows\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...ReferenceItemFields\n      }\n    }\n  }\n": typeof types.ReferenceItemsDocument,
    "\n  query ReferenceOptions($type: ReferenceTypeName!, $search: String, $rows: Int!) {\n    referenceOptions(type: $type, search: $search, rows: $rows) {\n      id\n      code\n      nameTh\n      nameEn\n    }\n  }\n": typeof types.ReferenceOptionsDocument,
    "\n  query SubDistrictPlace($id: Int!) {\n    subDistrict(id: $id) {\n      id\n      postcode\n      district {\n        id\n        province {\n          id\n        }\n      }\n    }\n  }\n": typeof types.SubDistrictPlaceDocument,
    "\n  mutation SaveReferenceItem($type: ReferenceTypeName!, $input: SaveReferenceItemInput!) {\n    saveReferenceItem(type: $type, input: $input) {\n      ...ReferenceItemFields\n    }\n  }\n": typeof types.SaveReferenceItemDocument,
    "\n  mutation SetReferenceItemStatus($type: ReferenceTypeName!, $id: Int!, $statusCode: String!) {\n    setReferenceItemStatus(type: $type, id: $id, statusCode: $statusCode) {\n      ...ReferenceItemFields\n    }\n  }\n": typeof types.SetReferenceItemStatusDocument,
    "\n  mutation DeleteReferenceItem($type: ReferenceTypeName!, $id: Int!) {\n    deleteReferenceItem(type: $type, id: $id)\n  }\n": typeof types.DeleteReferenceItemDocument,
    "\n  query ShortSupply($provinceId: Int) {\n    shortSupply(provinceId: $provinceId) {\n      provinceId\n      provinceNameTh\n      provinceNameEn\n      items {\n        resourceCode\n        resourceNameTh\n        resourceNameEn\n        categoryTh\n        categoryEn\n        countingUnitTh\n        countingUnitEn\n        needed\n      }\n      donationPoints {\n        code\n        nameTh\n        nameEn\n        addressLine\n        phone\n        openingHours\n      }\n    }\n  }\n": typeof types.ShortSupplyDocument,
    "\n  fragment UserGroupFields on UserGroup {\n    code\n    name\n    statusCode\n    remark\n    fixed\n    menuCodes\n    memberCount\n  }\n": typeof types.UserGroupFieldsFragmentDoc,
    "\n  query UserGroups(\n    $currentPage: Int!\n    $rows: Int!\n    $code: String\n    $name: String\n    $statusCode: String\n    $sort: String\n    $direction: String\n  ) {\n    userGroups(\n      currentPage: $currentPage\n      rows: $rows\n      code: $code\n      name: $name\n      statusCode: $statusCode\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...UserGroupFields\n      }\n    }\n  }\n": typeof types.UserGroupsDocument,
    "\n  query UserGroup($code: String!) {\n    userGroup(code: $code) {\n      ...UserGroupFields\n    }\n  }\n": typeof types.UserGroupDocument,
    "\n  query MenuCatalogue {\n    menuCatalogue {\n      code\n      key\n      section\n      nameTh\n      nameEn\n      external\n      statusCode\n    }\n  }\n": typeof types.MenuCatalogueDocument,
    "\n  mutation SaveUserGroup($input: SaveUserGroupInput!) {\n    saveUserGroup(input: $input) {\n      ...UserGroupFields\n    }\n  }\n": typeof types.SaveUserGroupDocument,
    "\n  mutation DeleteUserGroup($code: String!) {\n    deleteUserGroup(code: $code) {\n      ...UserGroupFields\n    }\n  }\n": typeof types.DeleteUserGroupDocument,
    "\n  fragment UserRowFields on User {\n    id\n    kind\n    username\n    email\n    titleTh\n    firstNameTh\n    lastNameTh\n    citizenId\n    phone\n    position\n    userGroupCode\n    userGroupName\n    userStatusCode\n    requestStatusCode\n    rejectReason\n    createdAt\n    lastLoginAt\n    organisationUnit {\n      id\n      code\n      nameTh\n      nameEn\n    }\n    allowedActions\n    pendingTransfer {\n      id\n      statusCode\n      requestedAt\n      reason\n      allowedActions\n    }\n  }\n": typeof types.UserRowFieldsFragmentDoc,
    "\n  fragment RequestHistoryFields on DocumentHistoryEntry {\n    action\n    fromStatus\n    toStatus\n    reason\n    actorName\n    at\n  }\n": typeof types.RequestHistoryFieldsFragmentDoc,
    "\n  query UserRequestWorkflows {\n    userRequestWorkflows {\n      name\n      statuses {\n        code\n        labelTh\n        labelEn\n      }\n      transitions {\n        action\n        labelTh\n        labelEn\n        from\n        to\n        menuCodes\n        reason\n      }\n    }\n  }\n": typeof types.UserRequestWorkflowsDocument,
    "\n  query UserRequestHistory($id: ID!) {\n    user(id: $id) {\n      id\n      history {\n        ...RequestHistoryFields\n      }\n      pendingTransfer {\n        id\n        history {\n          ...RequestHistoryFields\n        }\n      }\n    }\n  }\n": typeof types.UserRequestHistoryDocument,
    "\n  fragment TransferRequestFields on TransferRequest {\n    id\n    statusCode\n    requestedAt\n    reason\n    allowedActions\n    toUnit {\n      id\n      code\n      nameTh\n      nameEn\n    }\n    history {\n      ...RequestHistoryFields\n    }\n  }\n": typeof types.TransferRequestFieldsFragmentDoc,
    "\n  query MyTransferRequests {\n    myTransferRequests {\n      ...TransferRequestFields\n    }\n  }\n": typeof types.MyTransferRequestsDocument,
    "\n  mutation CancelTransferRequest($requestId: ID!, $reason: String) {\n    cancelTransferRequest(requestId: $requestId, reason: $reason) {\n      ...TransferRequestFields\n    }\n  }\n": typeof types.CancelTransferRequestDocument,
    "\n  query Users($filter: UserSearchFilter!) {\n    users(filter: $filter) {\n      total\n      currentPage\n      rows\n      items {\n        ...UserRowFields\n      }\n    }\n  }\n": typeof types.UsersDocument,
    "\n  mutation ApproveUser($input: ApproveUserInput!) {\n    approveUser(input: $input) {\n      ...UserRowFields\n    }\n  }\n": typeof types.ApproveUserDocument,
    "\n  mutation RequestActivationMail($userId: ID!) {\n    requestActivationMail(userId: $userId)\n  }\n": typeof types.RequestActivationMailDocument,
    "\n  mutation AdminEditUser($input: AdminEditUserInput!) {\n    adminEditUser(input: $input) {\n      ...UserRowFields\n    }\n  }\n": typeof types.AdminEditUserDocument,
    "\n  mutation ChangeUserStatus($userId: ID!, $userStatusCode: String!) {\n    changeUserStatus(userId: $userId, userStatusCode: $userStatusCode) {\n      ...UserRowFields\n    }\n  }\n": typeof types.ChangeUserStatusDocument,
    "\n  mutation ApproveTransfer($requestId: ID!, $approve: Boolean!, $reason: String) {\n    approveTransfer(requestId: $requestId, approve: $approve, reason: $reason) {\n      ...UserRowFields\n    }\n  }\n": typeof types.ApproveTransferDocument,
    "\n  mutation EditOwnProfile($input: EditOwnProfileInput!) {\n    editOwnProfile(input: $input) {\n      ...LoggedInUserFields\n    }\n  }\n": typeof types.EditOwnProfileDocument,
    "\n  mutation RequestTransfer($toUnitCode: String!, $reason: String) {\n    requestTransfer(toUnitCode: $toUnitCode, reason: $reason) {\n      ...TransferRequestFields\n    }\n  }\n": typeof types.RequestTransferDocument,
    "\n  query GroupOptions {\n    userGroups(currentPage: 1, rows: 200, statusCode: \"A\") {\n      items {\n        code\n        name\n      }\n    }\n  }\n": typeof types.GroupOptionsDocument,
    "\n  fragment LoggedInUserFields on LoggedInUser {\n    userId\n    kind\n    username\n    titleTh\n    firstNameTh\n    lastNameTh\n    officeTypeCode\n    userGroup\n    userGroupCode\n    ministry\n    ministryCode\n    department\n    departmentCode\n    bureau\n    bureauCode\n    division\n    divisionCode\n    organisationName\n    menus {\n      code\n      key\n      action\n      section\n      nameTh\n      nameEn\n      route\n      external\n      statusCode\n    }\n  }\n": typeof types.LoggedInUserFieldsFragmentDoc,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation DonorLogin($username: String!, $password: String!) {\n    donorLogin(username: $username, password: $password) {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n": typeof types.DonorLoginDocument,
    "\n  mutation RefreshToken {\n    refreshToken {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n": typeof types.RefreshTokenDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query SessionCheck {\n    sessionCheck {\n      xlock\n      expiresAt\n    }\n  }\n": typeof types.SessionCheckDocument,
    "\n  query CheckMenuAccess($menuCode: String!) {\n    checkMenuAccess(menuCode: $menuCode)\n  }\n": typeof types.CheckMenuAccessDocument,
    "\n  mutation ExternalSiteToken($menuCode: String!) {\n    externalSiteToken(menuCode: $menuCode)\n  }\n": typeof types.ExternalSiteTokenDocument,
    "\n  query AddressProvinces {\n    provinces {\n      id\n      nameTh\n      nameEn\n    }\n  }\n": typeof types.AddressProvincesDocument,
    "\n  query AddressDistricts($provinceId: Int!) {\n    districts(provinceId: $provinceId) {\n      id\n      nameTh\n      nameEn\n    }\n  }\n": typeof types.AddressDistrictsDocument,
    "\n  query AddressSubDistricts($districtId: Int!) {\n    subDistricts(districtId: $districtId) {\n      id\n      nameTh\n      nameEn\n      postcode\n    }\n  }\n": typeof types.AddressSubDistrictsDocument,
    "\n  query OrganisationTree {\n    organisationTree {\n      id\n      code\n      nameTh\n      nameEn\n      officeType\n      children {\n        id\n        code\n        nameTh\n        nameEn\n        officeType\n        children {\n          id\n          code\n          nameTh\n          nameEn\n          officeType\n          children {\n            id\n            code\n            nameTh\n            nameEn\n            officeType\n          }\n        }\n      }\n    }\n  }\n": typeof types.OrganisationTreeDocument,
};
const documents: Documents = {
    "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email)\n  }\n": types.ForgotPasswordDocument,
    "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword)\n  }\n": types.ResetPasswordDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input)\n  }\n": types.RegisterDocument,
    "\n  mutation ActivateAccount($xcode: String!) {\n    activateAccount(xcode: $xcode)\n  }\n": types.ActivateAccountDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": types.ChangePasswordDocument,
    "\n  query DemoAccounts {\n    demoAccounts {\n      username\n      password\n      kind\n      groupCode\n      groupName\n    }\n  }\n": types.DemoAccountsDocument,
    "\n  mutation RegisterDonor($input: DonorRegisterInput!) {\n    registerDonor(input: $input)\n  }\n": types.RegisterDonorDocument,
    "\n  query DocumentTypes {\n    documentTypes {\n      type\n      prefix\n      labelTh\n      labelEn\n      header {\n        ...DocumentFieldDescriptorFields\n      }\n      lines {\n        ...DocumentFieldDescriptorFields\n      }\n      statuses {\n        code\n        labelTh\n        labelEn\n      }\n      transitions {\n        action\n        labelTh\n        labelEn\n        from\n        to\n        menuCodes\n        approval\n        reason\n      }\n      editableIn\n      viewMenuCodes\n      createMenuCodes\n      editMenuCodes\n      screens {\n        key\n        mode\n        level\n      }\n    }\n  }\n\n  fragment DocumentFieldDescriptorFields on DocumentFieldDescriptor {\n    name\n    kind\n    labelTh\n    labelEn\n    required\n    maxLength\n    min\n    max\n    scale\n    options {\n      value\n      labelTh\n      labelEn\n    }\n    refType\n    inlineCreateMenuCodes\n    derived\n    list\n    search\n    sort\n    enteredAt\n  }\n": types.DocumentTypesDocument,
    "\n  fragment DocumentRowFields on Document {\n    id\n    type\n    number\n    status\n    version\n    editable\n    ownerUnitCode\n    ownerUnitName\n    remark\n    header\n    display\n    createdByName\n    createdAt\n    updatedAt\n  }\n": types.DocumentRowFieldsFragmentDoc,
    "\n  query Documents(\n    $type: DocumentTypeName!\n    $search: String\n    $status: String\n    $queue: Boolean\n    $level: Int\n    $currentPage: Int!\n    $rows: Int!\n    $sort: String\n    $direction: String\n  ) {\n    documents(\n      type: $type\n      search: $search\n      status: $status\n      queue: $queue\n      level: $level\n      currentPage: $currentPage\n      rows: $rows\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...DocumentRowFields\n      }\n    }\n  }\n": types.DocumentsDocument,
    "\n  fragment DocumentAttachmentsFields on Document {\n    attachmentKind\n    attachmentsEditable\n    attachmentLimits {\n      maxFiles\n      maxBytes\n    }\n    attachments {\n      id\n      fileName\n      mediaType\n      size\n      createdAt\n      url\n    }\n  }\n": types.DocumentAttachmentsFieldsFragmentDoc,
    "\n  fragment DocumentReceiptFields on Document {\n    receipt {\n      id\n      number\n      issuedOn\n      amount\n      amountInWords\n      void\n      voidReason\n      printCount\n      printable\n      pdfUrl\n      printViewUrl\n    }\n  }\n": types.DocumentReceiptFieldsFragmentDoc,
    "\n  fragment DocumentDetailsFields on Document {\n    ...DocumentRowFields\n    ...DocumentAttachmentsFields\n    ...DocumentReceiptFields\n    allowedActions\n    lines {\n      id\n      lineNo\n      values\n      display\n    }\n    history {\n      action\n      fromStatus\n      toStatus\n      reason\n      actorName\n      at\n    }\n  }\n": types.DocumentDetailsFieldsFragmentDoc,
    "\n  query Document($type: DocumentTypeName!, $id: Int!) {\n    document(type: $type, id: $id) {\n      ...DocumentDetailsFields\n    }\n  }\n": types.DocumentDocument,
    "\n  mutation CreateDocument($type: DocumentTypeName!, $input: DocumentInput!, $idempotencyKey: String) {\n    createDocument(type: $type, input: $input, idempotencyKey: $idempotencyKey) {\n      ...DocumentDetailsFields\n    }\n  }\n": types.CreateDocumentDocument,
    "\n  mutation UpdateDocument($type: DocumentTypeName!, $id: Int!, $version: Int!, $input: DocumentInput!) {\n    updateDocument(type: $type, id: $id, version: $version, input: $input) {\n      ...DocumentDetailsFields\n    }\n  }\n": types.UpdateDocumentDocument,
    "\n  mutation ActOnDocument(\n    $type: DocumentTypeName!\n    $id: Int!\n    $input: DocumentActionInput!\n    $idempotencyKey: String\n  ) {\n    actOnDocument(type: $type, id: $id, input: $input, idempotencyKey: $idempotencyKey) {\n      ...DocumentDetailsFields\n    }\n  }\n": types.ActOnDocumentDocument,
    "\n  query DonationPointsByRegion {\n    donationPointsByRegion {\n      count\n      region {\n        id\n        nameTh\n        nameEn\n      }\n    }\n  }\n": types.DonationPointsByRegionDocument,
    "\n  query HomeOrganisation {\n    organisationTree {\n      id\n      code\n      nameTh\n      nameEn\n      children {\n        id\n        code\n        nameTh\n        nameEn\n      }\n    }\n  }\n": types.HomeOrganisationDocument,
    "\n  query HomeFigures {\n    publicFigures {\n      fiscalYear\n      moneyReceived\n      goodsValueReceived\n      itemsGivenOut\n      donationPoints\n    }\n  }\n": types.HomeFiguresDocument,
    "\n  query MostNeeded {\n    mostNeededItems(limit: 5) {\n      resourceCode\n      resourceNameTh\n      resourceNameEn\n      countingUnitTh\n      countingUnitEn\n      needed\n      provinces\n      shortfall\n    }\n  }\n": types.MostNeededDocument,
    "\n  query StockOnHand($storageId: Int) {\n    stockOnHand(storageId: $storageId) {\n      balanceId\n      storageCode\n      storageNameTh\n      resourceCode\n      resourceNameTh\n      resourceNameEn\n      countingUnitTh\n      lot\n      expiryDate\n      onHand\n      reserved\n      available\n      inTransit\n      value\n    }\n  }\n": types.StockOnHandDocument,
    "\n  query StockCard($storageId: Int!, $resourceId: Int!, $from: DateTimeISO, $to: DateTimeISO) {\n    stockCard(storageId: $storageId, resourceId: $resourceId, from: $from, to: $to) {\n      movementId\n      createdAt\n      movementType\n      lot\n      quantity\n      onHandAfter\n      lotOnHandAfter\n      documentType\n      documentId\n      reasonNameTh\n    }\n  }\n": types.StockCardDocument,
    "\n  query ExpiringLots($withinDays: Int!, $storageId: Int) {\n    expiringLots(withinDays: $withinDays, storageId: $storageId) {\n      balanceId\n      storageCode\n      storageNameTh\n      resourceCode\n      resourceNameTh\n      countingUnitTh\n      lot\n      expiryDate\n      daysLeft\n      available\n    }\n  }\n": types.ExpiringLotsDocument,
    "\n  query MoneyBalances {\n    moneyBalances {\n      accountId\n      accountCode\n      accountNameTh\n      accountNumber\n      bankCode\n      balance\n    }\n  }\n": types.MoneyBalancesDocument,
    "\n  query MoneyCard($accountId: Int!, $from: DateTimeISO, $to: DateTimeISO) {\n    moneyCard(accountId: $accountId, from: $from, to: $to) {\n      movementId\n      createdAt\n      movementType\n      amount\n      balanceAfter\n      documentType\n      documentId\n    }\n  }\n": types.MoneyCardDocument,
    "\n  query DonationPoints {\n    donationPoints {\n      id\n      code\n      nameTh\n      nameEn\n      addressLine\n      postcode\n      latitude\n      longitude\n      phone\n      openingHours\n      subDistrict {\n        id\n        nameTh\n        nameEn\n        district {\n          id\n          nameTh\n          nameEn\n        }\n      }\n      province {\n        id\n        nameTh\n        nameEn\n      }\n    }\n  }\n": types.DonationPointsDocument,
    "\n  query ProvinceCentres {\n    provinces {\n      id\n      nameTh\n      nameEn\n      latitude\n      longitude\n    }\n  }\n": types.ProvinceCentresDocument,
    "\n  query ReferenceImportTemplate($type: ReferenceTypeName!) {\n    referenceImportTemplate(type: $type) {\n      fileName\n      content\n    }\n  }\n": types.ReferenceImportTemplateDocument,
    "\n  fragment ReferenceImportResultFields on ReferenceImportResult {\n    fileName\n    format\n    columns\n    total\n    created\n    updated\n    errorRows\n    committed\n    rows {\n      row\n      action\n      code\n      values\n      errors {\n        field\n        messageTh\n        messageEn\n      }\n    }\n  }\n": types.ReferenceImportResultFieldsFragmentDoc,
    "\n  mutation PreviewReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {\n    previewReferenceImport(type: $type, file: $file, fileName: $fileName) {\n      ...ReferenceImportResultFields\n    }\n  }\n": types.PreviewReferenceImportDocument,
    "\n  mutation CommitReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {\n    commitReferenceImport(type: $type, file: $file, fileName: $fileName) {\n      ...ReferenceImportResultFields\n    }\n  }\n": types.CommitReferenceImportDocument,
    "\n  query ReferenceTypes {\n    referenceTypes {\n      type\n      key\n      labelTh\n      labelEn\n      viewMenuCodes\n      createMenuCodes\n      editMenuCodes\n      scope\n      screens {\n        key\n        mode\n      }\n      fields {\n        name\n        kind\n        labelTh\n        labelEn\n        required\n        maxLength\n        min\n        max\n        scale\n        options {\n          value\n          labelTh\n          labelEn\n        }\n        refType\n        inlineCreateMenuCodes\n        derived\n        list\n        search\n        sort\n      }\n    }\n  }\n": types.ReferenceTypesDocument,
    "\n  fragment ReferenceItemFields on ReferenceItem {\n    id\n    code\n    statusCode\n    nameTh\n    nameEn\n    values\n    display\n    createdAt\n    updatedAt\n  }\n": types.ReferenceItemFieldsFragmentDoc,
    "\n  query ReferenceItems(\n    $type: ReferenceTypeName!\n    $search: String\n    $statusCode: String\n    $currentPage: Int!\n    $rows: Int!\n    $sort: String\n    $direction: String\n  ) {\n    referenceItems(\n      type: $type\n      search: $search\n      statusCode: $statusCode\n      currentPage: $currentPage\n      rows: $rows\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...ReferenceItemFields\n      }\n    }\n  }\n": types.ReferenceItemsDocument,
    "\n  query ReferenceOptions($type: ReferenceTypeName!, $search: String, $rows: Int!) {\n    referenceOptions(type: $type, search: $search, rows: $rows) {\n      id\n      code\n      nameTh\n      nameEn\n    }\n  }\n": types.ReferenceOptionsDocument,
    "\n  query SubDistrictPlace($id: Int!) {\n    subDistrict(id: $id) {\n      id\n      postcode\n      district {\n        id\n        province {\n          id\n        }\n      }\n    }\n  }\n": types.SubDistrictPlaceDocument,
    "\n  mutation SaveReferenceItem($type: ReferenceTypeName!, $input: SaveReferenceItemInput!) {\n    saveReferenceItem(type: $type, input: $input) {\n      ...ReferenceItemFields\n    }\n  }\n": types.SaveReferenceItemDocument,
    "\n  mutation SetReferenceItemStatus($type: ReferenceTypeName!, $id: Int!, $statusCode: String!) {\n    setReferenceItemStatus(type: $type, id: $id, statusCode: $statusCode) {\n      ...ReferenceItemFields\n    }\n  }\n": types.SetReferenceItemStatusDocument,
    "\n  mutation DeleteReferenceItem($type: ReferenceTypeName!, $id: Int!) {\n    deleteReferenceItem(type: $type, id: $id)\n  }\n": types.DeleteReferenceItemDocument,
    "\n  query ShortSupply($provinceId: Int) {\n    shortSupply(provinceId: $provinceId) {\n      provinceId\n      provinceNameTh\n      provinceNameEn\n      items {\n        resourceCode\n        resourceNameTh\n        resourceNameEn\n        categoryTh\n        categoryEn\n        countingUnitTh\n        countingUnitEn\n        needed\n      }\n      donationPoints {\n        code\n        nameTh\n        nameEn\n        addressLine\n        phone\n        openingHours\n      }\n    }\n  }\n": types.ShortSupplyDocument,
    "\n  fragment UserGroupFields on UserGroup {\n    code\n    name\n    statusCode\n    remark\n    fixed\n    menuCodes\n    memberCount\n  }\n": types.UserGroupFieldsFragmentDoc,
    "\n  query UserGroups(\n    $currentPage: Int!\n    $rows: Int!\n    $code: String\n    $name: String\n    $statusCode: String\n    $sort: String\n    $direction: String\n  ) {\n    userGroups(\n      currentPage: $currentPage\n      rows: $rows\n      code: $code\n      name: $name\n      statusCode: $statusCode\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...UserGroupFields\n      }\n    }\n  }\n": types.UserGroupsDocument,
    "\n  query UserGroup($code: String!) {\n    userGroup(code: $code) {\n      ...UserGroupFields\n    }\n  }\n": types.UserGroupDocument,
    "\n  query MenuCatalogue {\n    menuCatalogue {\n      code\n      key\n      section\n      nameTh\n      nameEn\n      external\n      statusCode\n    }\n  }\n": types.MenuCatalogueDocument,
    "\n  mutation SaveUserGroup($input: SaveUserGroupInput!) {\n    saveUserGroup(input: $input) {\n      ...UserGroupFields\n    }\n  }\n": types.SaveUserGroupDocument,
    "\n  mutation DeleteUserGroup($code: String!) {\n    deleteUserGroup(code: $code) {\n      ...UserGroupFields\n    }\n  }\n": types.DeleteUserGroupDocument,
    "\n  fragment UserRowFields on User {\n    id\n    kind\n    username\n    email\n    titleTh\n    firstNameTh\n    lastNameTh\n    citizenId\n    phone\n    position\n    userGroupCode\n    userGroupName\n    userStatusCode\n    requestStatusCode\n    rejectReason\n    createdAt\n    lastLoginAt\n    organisationUnit {\n      id\n      code\n      nameTh\n      nameEn\n    }\n    allowedActions\n    pendingTransfer {\n      id\n      statusCode\n      requestedAt\n      reason\n      allowedActions\n    }\n  }\n": types.UserRowFieldsFragmentDoc,
    "\n  fragment RequestHistoryFields on DocumentHistoryEntry {\n    action\n    fromStatus\n    toStatus\n    reason\n    actorName\n    at\n  }\n": types.RequestHistoryFieldsFragmentDoc,
    "\n  query UserRequestWorkflows {\n    userRequestWorkflows {\n      name\n      statuses {\n        code\n        labelTh\n        labelEn\n      }\n      transitions {\n        action\n        labelTh\n        labelEn\n        from\n        to\n        menuCodes\n        reason\n      }\n    }\n  }\n": types.UserRequestWorkflowsDocument,
    "\n  query UserRequestHistory($id: ID!) {\n    user(id: $id) {\n      id\n      history {\n        ...RequestHistoryFields\n      }\n      pendingTransfer {\n        id\n        history {\n          ...RequestHistoryFields\n        }\n      }\n    }\n  }\n": types.UserRequestHistoryDocument,
    "\n  fragment TransferRequestFields on TransferRequest {\n    id\n    statusCode\n    requestedAt\n    reason\n    allowedActions\n    toUnit {\n      id\n      code\n      nameTh\n      nameEn\n    }\n    history {\n      ...RequestHistoryFields\n    }\n  }\n": types.TransferRequestFieldsFragmentDoc,
    "\n  query MyTransferRequests {\n    myTransferRequests {\n      ...TransferRequestFields\n    }\n  }\n": types.MyTransferRequestsDocument,
    "\n  mutation CancelTransferRequest($requestId: ID!, $reason: String) {\n    cancelTransferRequest(requestId: $requestId, reason: $reason) {\n      ...TransferRequestFields\n    }\n  }\n": types.CancelTransferRequestDocument,
    "\n  query Users($filter: UserSearchFilter!) {\n    users(filter: $filter) {\n      total\n      currentPage\n      rows\n      items {\n        ...UserRowFields\n      }\n    }\n  }\n": types.UsersDocument,
    "\n  mutation ApproveUser($input: ApproveUserInput!) {\n    approveUser(input: $input) {\n      ...UserRowFields\n    }\n  }\n": types.ApproveUserDocument,
    "\n  mutation RequestActivationMail($userId: ID!) {\n    requestActivationMail(userId: $userId)\n  }\n": types.RequestActivationMailDocument,
    "\n  mutation AdminEditUser($input: AdminEditUserInput!) {\n    adminEditUser(input: $input) {\n      ...UserRowFields\n    }\n  }\n": types.AdminEditUserDocument,
    "\n  mutation ChangeUserStatus($userId: ID!, $userStatusCode: String!) {\n    changeUserStatus(userId: $userId, userStatusCode: $userStatusCode) {\n      ...UserRowFields\n    }\n  }\n": types.ChangeUserStatusDocument,
    "\n  mutation ApproveTransfer($requestId: ID!, $approve: Boolean!, $reason: String) {\n    approveTransfer(requestId: $requestId, approve: $approve, reason: $reason) {\n      ...UserRowFields\n    }\n  }\n": types.ApproveTransferDocument,
    "\n  mutation EditOwnProfile($input: EditOwnProfileInput!) {\n    editOwnProfile(input: $input) {\n      ...LoggedInUserFields\n    }\n  }\n": types.EditOwnProfileDocument,
    "\n  mutation RequestTransfer($toUnitCode: String!, $reason: String) {\n    requestTransfer(toUnitCode: $toUnitCode, reason: $reason) {\n      ...TransferRequestFields\n    }\n  }\n": types.RequestTransferDocument,
    "\n  query GroupOptions {\n    userGroups(currentPage: 1, rows: 200, statusCode: \"A\") {\n      items {\n        code\n        name\n      }\n    }\n  }\n": types.GroupOptionsDocument,
    "\n  fragment LoggedInUserFields on LoggedInUser {\n    userId\n    kind\n    username\n    titleTh\n    firstNameTh\n    lastNameTh\n    officeTypeCode\n    userGroup\n    userGroupCode\n    ministry\n    ministryCode\n    department\n    departmentCode\n    bureau\n    bureauCode\n    division\n    divisionCode\n    organisationName\n    menus {\n      code\n      key\n      action\n      section\n      nameTh\n      nameEn\n      route\n      external\n      statusCode\n    }\n  }\n": types.LoggedInUserFieldsFragmentDoc,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation DonorLogin($username: String!, $password: String!) {\n    donorLogin(username: $username, password: $password) {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n": types.DonorLoginDocument,
    "\n  mutation RefreshToken {\n    refreshToken {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n": types.RefreshTokenDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query SessionCheck {\n    sessionCheck {\n      xlock\n      expiresAt\n    }\n  }\n": types.SessionCheckDocument,
    "\n  query CheckMenuAccess($menuCode: String!) {\n    checkMenuAccess(menuCode: $menuCode)\n  }\n": types.CheckMenuAccessDocument,
    "\n  mutation ExternalSiteToken($menuCode: String!) {\n    externalSiteToken(menuCode: $menuCode)\n  }\n": types.ExternalSiteTokenDocument,
    "\n  query AddressProvinces {\n    provinces {\n      id\n      nameTh\n      nameEn\n    }\n  }\n": types.AddressProvincesDocument,
    "\n  query AddressDistricts($provinceId: Int!) {\n    districts(provinceId: $provinceId) {\n      id\n      nameTh\n      nameEn\n    }\n  }\n": types.AddressDistrictsDocument,
    "\n  query AddressSubDistricts($districtId: Int!) {\n    subDistricts(districtId: $districtId) {\n      id\n      nameTh\n      nameEn\n      postcode\n    }\n  }\n": types.AddressSubDistrictsDocument,
    "\n  query OrganisationTree {\n    organisationTree {\n      id\n      code\n      nameTh\n      nameEn\n      officeType\n      children {\n        id\n        code\n        nameTh\n        nameEn\n        officeType\n        children {\n          id\n          code\n          nameTh\n          nameEn\n          officeType\n          children {\n            id\n            code\n            nameTh\n            nameEn\n            officeType\n          }\n        }\n      }\n    }\n  }\n": types.OrganisationTreeDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email)\n  }\n"): (typeof documents)["\n  mutation ForgotPassword($email: String!) {\n    forgotPassword(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input)\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ActivateAccount($xcode: String!) {\n    activateAccount(xcode: $xcode)\n  }\n"): (typeof documents)["\n  mutation ActivateAccount($xcode: String!) {\n    activateAccount(xcode: $xcode)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DemoAccounts {\n    demoAccounts {\n      username\n      password\n      kind\n      groupCode\n      groupName\n    }\n  }\n"): (typeof documents)["\n  query DemoAccounts {\n    demoAccounts {\n      username\n      password\n      kind\n      groupCode\n      groupName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterDonor($input: DonorRegisterInput!) {\n    registerDonor(input: $input)\n  }\n"): (typeof documents)["\n  mutation RegisterDonor($input: DonorRegisterInput!) {\n    registerDonor(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DocumentTypes {\n    documentTypes {\n      type\n      prefix\n      labelTh\n      labelEn\n      header {\n        ...DocumentFieldDescriptorFields\n      }\n      lines {\n        ...DocumentFieldDescriptorFields\n      }\n      statuses {\n        code\n        labelTh\n        labelEn\n      }\n      transitions {\n        action\n        labelTh\n        labelEn\n        from\n        to\n        menuCodes\n        approval\n        reason\n      }\n      editableIn\n      viewMenuCodes\n      createMenuCodes\n      editMenuCodes\n      screens {\n        key\n        mode\n        level\n      }\n    }\n  }\n\n  fragment DocumentFieldDescriptorFields on DocumentFieldDescriptor {\n    name\n    kind\n    labelTh\n    labelEn\n    required\n    maxLength\n    min\n    max\n    scale\n    options {\n      value\n      labelTh\n      labelEn\n    }\n    refType\n    inlineCreateMenuCodes\n    derived\n    list\n    search\n    sort\n    enteredAt\n  }\n"): (typeof documents)["\n  query DocumentTypes {\n    documentTypes {\n      type\n      prefix\n      labelTh\n      labelEn\n      header {\n        ...DocumentFieldDescriptorFields\n      }\n      lines {\n        ...DocumentFieldDescriptorFields\n      }\n      statuses {\n        code\n        labelTh\n        labelEn\n      }\n      transitions {\n        action\n        labelTh\n        labelEn\n        from\n        to\n        menuCodes\n        approval\n        reason\n      }\n      editableIn\n      viewMenuCodes\n      createMenuCodes\n      editMenuCodes\n      screens {\n        key\n        mode\n        level\n      }\n    }\n  }\n\n  fragment DocumentFieldDescriptorFields on DocumentFieldDescriptor {\n    name\n    kind\n    labelTh\n    labelEn\n    required\n    maxLength\n    min\n    max\n    scale\n    options {\n      value\n      labelTh\n      labelEn\n    }\n    refType\n    inlineCreateMenuCodes\n    derived\n    list\n    search\n    sort\n    enteredAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentRowFields on Document {\n    id\n    type\n    number\n    status\n    version\n    editable\n    ownerUnitCode\n    ownerUnitName\n    remark\n    header\n    display\n    createdByName\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment DocumentRowFields on Document {\n    id\n    type\n    number\n    status\n    version\n    editable\n    ownerUnitCode\n    ownerUnitName\n    remark\n    header\n    display\n    createdByName\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Documents(\n    $type: DocumentTypeName!\n    $search: String\n    $status: String\n    $queue: Boolean\n    $level: Int\n    $currentPage: Int!\n    $rows: Int!\n    $sort: String\n    $direction: String\n  ) {\n    documents(\n      type: $type\n      search: $search\n      status: $status\n      queue: $queue\n      level: $level\n      currentPage: $currentPage\n      rows: $rows\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...DocumentRowFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Documents(\n    $type: DocumentTypeName!\n    $search: String\n    $status: String\n    $queue: Boolean\n    $level: Int\n    $currentPage: Int!\n    $rows: Int!\n    $sort: String\n    $direction: String\n  ) {\n    documents(\n      type: $type\n      search: $search\n      status: $status\n      queue: $queue\n      level: $level\n      currentPage: $currentPage\n      rows: $rows\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...DocumentRowFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentAttachmentsFields on Document {\n    attachmentKind\n    attachmentsEditable\n    attachmentLimits {\n      maxFiles\n      maxBytes\n    }\n    attachments {\n      id\n      fileName\n      mediaType\n      size\n      createdAt\n      url\n    }\n  }\n"): (typeof documents)["\n  fragment DocumentAttachmentsFields on Document {\n    attachmentKind\n    attachmentsEditable\n    attachmentLimits {\n      maxFiles\n      maxBytes\n    }\n    attachments {\n      id\n      fileName\n      mediaType\n      size\n      createdAt\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentReceiptFields on Document {\n    receipt {\n      id\n      number\n      issuedOn\n      amount\n      amountInWords\n      void\n      voidReason\n      printCount\n      printable\n      pdfUrl\n      printViewUrl\n    }\n  }\n"): (typeof documents)["\n  fragment DocumentReceiptFields on Document {\n    receipt {\n      id\n      number\n      issuedOn\n      amount\n      amountInWords\n      void\n      voidReason\n      printCount\n      printable\n      pdfUrl\n      printViewUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DocumentDetailsFields on Document {\n    ...DocumentRowFields\n    ...DocumentAttachmentsFields\n    ...DocumentReceiptFields\n    allowedActions\n    lines {\n      id\n      lineNo\n      values\n      display\n    }\n    history {\n      action\n      fromStatus\n      toStatus\n      reason\n      actorName\n      at\n    }\n  }\n"): (typeof documents)["\n  fragment DocumentDetailsFields on Document {\n    ...DocumentRowFields\n    ...DocumentAttachmentsFields\n    ...DocumentReceiptFields\n    allowedActions\n    lines {\n      id\n      lineNo\n      values\n      display\n    }\n    history {\n      action\n      fromStatus\n      toStatus\n      reason\n      actorName\n      at\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Document($type: DocumentTypeName!, $id: Int!) {\n    document(type: $type, id: $id) {\n      ...DocumentDetailsFields\n    }\n  }\n"): (typeof documents)["\n  query Document($type: DocumentTypeName!, $id: Int!) {\n    document(type: $type, id: $id) {\n      ...DocumentDetailsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDocument($type: DocumentTypeName!, $input: DocumentInput!, $idempotencyKey: String) {\n    createDocument(type: $type, input: $input, idempotencyKey: $idempotencyKey) {\n      ...DocumentDetailsFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDocument($type: DocumentTypeName!, $input: DocumentInput!, $idempotencyKey: String) {\n    createDocument(type: $type, input: $input, idempotencyKey: $idempotencyKey) {\n      ...DocumentDetailsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDocument($type: DocumentTypeName!, $id: Int!, $version: Int!, $input: DocumentInput!) {\n    updateDocument(type: $type, id: $id, version: $version, input: $input) {\n      ...DocumentDetailsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDocument($type: DocumentTypeName!, $id: Int!, $version: Int!, $input: DocumentInput!) {\n    updateDocument(type: $type, id: $id, version: $version, input: $input) {\n      ...DocumentDetailsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ActOnDocument(\n    $type: DocumentTypeName!\n    $id: Int!\n    $input: DocumentActionInput!\n    $idempotencyKey: String\n  ) {\n    actOnDocument(type: $type, id: $id, input: $input, idempotencyKey: $idempotencyKey) {\n      ...DocumentDetailsFields\n    }\n  }\n"): (typeof documents)["\n  mutation ActOnDocument(\n    $type: DocumentTypeName!\n    $id: Int!\n    $input: DocumentActionInput!\n    $idempotencyKey: String\n  ) {\n    actOnDocument(type: $type, id: $id, input: $input, idempotencyKey: $idempotencyKey) {\n      ...DocumentDetailsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DonationPointsByRegion {\n    donationPointsByRegion {\n      count\n      region {\n        id\n        nameTh\n        nameEn\n      }\n    }\n  }\n"): (typeof documents)["\n  query DonationPointsByRegion {\n    donationPointsByRegion {\n      count\n      region {\n        id\n        nameTh\n        nameEn\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeOrganisation {\n    organisationTree {\n      id\n      code\n      nameTh\n      nameEn\n      children {\n        id\n        code\n        nameTh\n        nameEn\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeOrganisation {\n    organisationTree {\n      id\n      code\n      nameTh\n      nameEn\n      children {\n        id\n        code\n        nameTh\n        nameEn\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeFigures {\n    publicFigures {\n      fiscalYear\n      moneyReceived\n      goodsValueReceived\n      itemsGivenOut\n      donationPoints\n    }\n  }\n"): (typeof documents)["\n  query HomeFigures {\n    publicFigures {\n      fiscalYear\n      moneyReceived\n      goodsValueReceived\n      itemsGivenOut\n      donationPoints\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MostNeeded {\n    mostNeededItems(limit: 5) {\n      resourceCode\n      resourceNameTh\n      resourceNameEn\n      countingUnitTh\n      countingUnitEn\n      needed\n      provinces\n      shortfall\n    }\n  }\n"): (typeof documents)["\n  query MostNeeded {\n    mostNeededItems(limit: 5) {\n      resourceCode\n      resourceNameTh\n      resourceNameEn\n      countingUnitTh\n      countingUnitEn\n      needed\n      provinces\n      shortfall\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StockOnHand($storageId: Int) {\n    stockOnHand(storageId: $storageId) {\n      balanceId\n      storageCode\n      storageNameTh\n      resourceCode\n      resourceNameTh\n      resourceNameEn\n      countingUnitTh\n      lot\n      expiryDate\n      onHand\n      reserved\n      available\n      inTransit\n      value\n    }\n  }\n"): (typeof documents)["\n  query StockOnHand($storageId: Int) {\n    stockOnHand(storageId: $storageId) {\n      balanceId\n      storageCode\n      storageNameTh\n      resourceCode\n      resourceNameTh\n      resourceNameEn\n      countingUnitTh\n      lot\n      expiryDate\n      onHand\n      reserved\n      available\n      inTransit\n      value\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StockCard($storageId: Int!, $resourceId: Int!, $from: DateTimeISO, $to: DateTimeISO) {\n    stockCard(storageId: $storageId, resourceId: $resourceId, from: $from, to: $to) {\n      movementId\n      createdAt\n      movementType\n      lot\n      quantity\n      onHandAfter\n      lotOnHandAfter\n      documentType\n      documentId\n      reasonNameTh\n    }\n  }\n"): (typeof documents)["\n  query StockCard($storageId: Int!, $resourceId: Int!, $from: DateTimeISO, $to: DateTimeISO) {\n    stockCard(storageId: $storageId, resourceId: $resourceId, from: $from, to: $to) {\n      movementId\n      createdAt\n      movementType\n      lot\n      quantity\n      onHandAfter\n      lotOnHandAfter\n      documentType\n      documentId\n      reasonNameTh\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExpiringLots($withinDays: Int!, $storageId: Int) {\n    expiringLots(withinDays: $withinDays, storageId: $storageId) {\n      balanceId\n      storageCode\n      storageNameTh\n      resourceCode\n      resourceNameTh\n      countingUnitTh\n      lot\n      expiryDate\n      daysLeft\n      available\n    }\n  }\n"): (typeof documents)["\n  query ExpiringLots($withinDays: Int!, $storageId: Int) {\n    expiringLots(withinDays: $withinDays, storageId: $storageId) {\n      balanceId\n      storageCode\n      storageNameTh\n      resourceCode\n      resourceNameTh\n      countingUnitTh\n      lot\n      expiryDate\n      daysLeft\n      available\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MoneyBalances {\n    moneyBalances {\n      accountId\n      accountCode\n      accountNameTh\n      accountNumber\n      bankCode\n      balance\n    }\n  }\n"): (typeof documents)["\n  query MoneyBalances {\n    moneyBalances {\n      accountId\n      accountCode\n      accountNameTh\n      accountNumber\n      bankCode\n      balance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MoneyCard($accountId: Int!, $from: DateTimeISO, $to: DateTimeISO) {\n    moneyCard(accountId: $accountId, from: $from, to: $to) {\n      movementId\n      createdAt\n      movementType\n      amount\n      balanceAfter\n      documentType\n      documentId\n    }\n  }\n"): (typeof documents)["\n  query MoneyCard($accountId: Int!, $from: DateTimeISO, $to: DateTimeISO) {\n    moneyCard(accountId: $accountId, from: $from, to: $to) {\n      movementId\n      createdAt\n      movementType\n      amount\n      balanceAfter\n      documentType\n      documentId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DonationPoints {\n    donationPoints {\n      id\n      code\n      nameTh\n      nameEn\n      addressLine\n      postcode\n      latitude\n      longitude\n      phone\n      openingHours\n      subDistrict {\n        id\n        nameTh\n        nameEn\n        district {\n          id\n          nameTh\n          nameEn\n        }\n      }\n      province {\n        id\n        nameTh\n        nameEn\n      }\n    }\n  }\n"): (typeof documents)["\n  query DonationPoints {\n    donationPoints {\n      id\n      code\n      nameTh\n      nameEn\n      addressLine\n      postcode\n      latitude\n      longitude\n      phone\n      openingHours\n      subDistrict {\n        id\n        nameTh\n        nameEn\n        district {\n          id\n          nameTh\n          nameEn\n        }\n      }\n      province {\n        id\n        nameTh\n        nameEn\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProvinceCentres {\n    provinces {\n      id\n      nameTh\n      nameEn\n      latitude\n      longitude\n    }\n  }\n"): (typeof documents)["\n  query ProvinceCentres {\n    provinces {\n      id\n      nameTh\n      nameEn\n      latitude\n      longitude\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReferenceImportTemplate($type: ReferenceTypeName!) {\n    referenceImportTemplate(type: $type) {\n      fileName\n      content\n    }\n  }\n"): (typeof documents)["\n  query ReferenceImportTemplate($type: ReferenceTypeName!) {\n    referenceImportTemplate(type: $type) {\n      fileName\n      content\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReferenceImportResultFields on ReferenceImportResult {\n    fileName\n    format\n    columns\n    total\n    created\n    updated\n    errorRows\n    committed\n    rows {\n      row\n      action\n      code\n      values\n      errors {\n        field\n        messageTh\n        messageEn\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment ReferenceImportResultFields on ReferenceImportResult {\n    fileName\n    format\n    columns\n    total\n    created\n    updated\n    errorRows\n    committed\n    rows {\n      row\n      action\n      code\n      values\n      errors {\n        field\n        messageTh\n        messageEn\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PreviewReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {\n    previewReferenceImport(type: $type, file: $file, fileName: $fileName) {\n      ...ReferenceImportResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation PreviewReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {\n    previewReferenceImport(type: $type, file: $file, fileName: $fileName) {\n      ...ReferenceImportResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CommitReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {\n    commitReferenceImport(type: $type, file: $file, fileName: $fileName) {\n      ...ReferenceImportResultFields\n    }\n  }\n"): (typeof documents)["\n  mutation CommitReferenceImport($type: ReferenceTypeName!, $file: String!, $fileName: String!) {\n    commitReferenceImport(type: $type, file: $file, fileName: $fileName) {\n      ...ReferenceImportResultFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReferenceTypes {\n    referenceTypes {\n      type\n      key\n      labelTh\n      labelEn\n      viewMenuCodes\n      createMenuCodes\n      editMenuCodes\n      scope\n      screens {\n        key\n        mode\n      }\n      fields {\n        name\n        kind\n        labelTh\n        labelEn\n        required\n        maxLength\n        min\n        max\n        scale\n        options {\n          value\n          labelTh\n          labelEn\n        }\n        refType\n        inlineCreateMenuCodes\n        derived\n        list\n        search\n        sort\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReferenceTypes {\n    referenceTypes {\n      type\n      key\n      labelTh\n      labelEn\n      viewMenuCodes\n      createMenuCodes\n      editMenuCodes\n      scope\n      screens {\n        key\n        mode\n      }\n      fields {\n        name\n        kind\n        labelTh\n        labelEn\n        required\n        maxLength\n        min\n        max\n        scale\n        options {\n          value\n          labelTh\n          labelEn\n        }\n        refType\n        inlineCreateMenuCodes\n        derived\n        list\n        search\n        sort\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReferenceItemFields on ReferenceItem {\n    id\n    code\n    statusCode\n    nameTh\n    nameEn\n    values\n    display\n    createdAt\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment ReferenceItemFields on ReferenceItem {\n    id\n    code\n    statusCode\n    nameTh\n    nameEn\n    values\n    display\n    createdAt\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReferenceItems(\n    $type: ReferenceTypeName!\n    $search: String\n    $statusCode: String\n    $currentPage: Int!\n    $rows: Int!\n    $sort: String\n    $direction: String\n  ) {\n    referenceItems(\n      type: $type\n      search: $search\n      statusCode: $statusCode\n      currentPage: $currentPage\n      rows: $rows\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...ReferenceItemFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ReferenceItems(\n    $type: ReferenceTypeName!\n    $search: String\n    $statusCode: String\n    $currentPage: Int!\n    $rows: Int!\n    $sort: String\n    $direction: String\n  ) {\n    referenceItems(\n      type: $type\n      search: $search\n      statusCode: $statusCode\n      currentPage: $currentPage\n      rows: $rows\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...ReferenceItemFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReferenceOptions($type: ReferenceTypeName!, $search: String, $rows: Int!) {\n    referenceOptions(type: $type, search: $search, rows: $rows) {\n      id\n      code\n      nameTh\n      nameEn\n    }\n  }\n"): (typeof documents)["\n  query ReferenceOptions($type: ReferenceTypeName!, $search: String, $rows: Int!) {\n    referenceOptions(type: $type, search: $search, rows: $rows) {\n      id\n      code\n      nameTh\n      nameEn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubDistrictPlace($id: Int!) {\n    subDistrict(id: $id) {\n      id\n      postcode\n      district {\n        id\n        province {\n          id\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SubDistrictPlace($id: Int!) {\n    subDistrict(id: $id) {\n      id\n      postcode\n      district {\n        id\n        province {\n          id\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveReferenceItem($type: ReferenceTypeName!, $input: SaveReferenceItemInput!) {\n    saveReferenceItem(type: $type, input: $input) {\n      ...ReferenceItemFields\n    }\n  }\n"): (typeof documents)["\n  mutation SaveReferenceItem($type: ReferenceTypeName!, $input: SaveReferenceItemInput!) {\n    saveReferenceItem(type: $type, input: $input) {\n      ...ReferenceItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetReferenceItemStatus($type: ReferenceTypeName!, $id: Int!, $statusCode: String!) {\n    setReferenceItemStatus(type: $type, id: $id, statusCode: $statusCode) {\n      ...ReferenceItemFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetReferenceItemStatus($type: ReferenceTypeName!, $id: Int!, $statusCode: String!) {\n    setReferenceItemStatus(type: $type, id: $id, statusCode: $statusCode) {\n      ...ReferenceItemFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteReferenceItem($type: ReferenceTypeName!, $id: Int!) {\n    deleteReferenceItem(type: $type, id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteReferenceItem($type: ReferenceTypeName!, $id: Int!) {\n    deleteReferenceItem(type: $type, id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShortSupply($provinceId: Int) {\n    shortSupply(provinceId: $provinceId) {\n      provinceId\n      provinceNameTh\n      provinceNameEn\n      items {\n        resourceCode\n        resourceNameTh\n        resourceNameEn\n        categoryTh\n        categoryEn\n        countingUnitTh\n        countingUnitEn\n        needed\n      }\n      donationPoints {\n        code\n        nameTh\n        nameEn\n        addressLine\n        phone\n        openingHours\n      }\n    }\n  }\n"): (typeof documents)["\n  query ShortSupply($provinceId: Int) {\n    shortSupply(provinceId: $provinceId) {\n      provinceId\n      provinceNameTh\n      provinceNameEn\n      items {\n        resourceCode\n        resourceNameTh\n        resourceNameEn\n        categoryTh\n        categoryEn\n        countingUnitTh\n        countingUnitEn\n        needed\n      }\n      donationPoints {\n        code\n        nameTh\n        nameEn\n        addressLine\n        phone\n        openingHours\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserGroupFields on UserGroup {\n    code\n    name\n    statusCode\n    remark\n    fixed\n    menuCodes\n    memberCount\n  }\n"): (typeof documents)["\n  fragment UserGroupFields on UserGroup {\n    code\n    name\n    statusCode\n    remark\n    fixed\n    menuCodes\n    memberCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserGroups(\n    $currentPage: Int!\n    $rows: Int!\n    $code: String\n    $name: String\n    $statusCode: String\n    $sort: String\n    $direction: String\n  ) {\n    userGroups(\n      currentPage: $currentPage\n      rows: $rows\n      code: $code\n      name: $name\n      statusCode: $statusCode\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...UserGroupFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query UserGroups(\n    $currentPage: Int!\n    $rows: Int!\n    $code: String\n    $name: String\n    $statusCode: String\n    $sort: String\n    $direction: String\n  ) {\n    userGroups(\n      currentPage: $currentPage\n      rows: $rows\n      code: $code\n      name: $name\n      statusCode: $statusCode\n      sort: $sort\n      direction: $direction\n    ) {\n      total\n      currentPage\n      rows\n      items {\n        ...UserGroupFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserGroup($code: String!) {\n    userGroup(code: $code) {\n      ...UserGroupFields\n    }\n  }\n"): (typeof documents)["\n  query UserGroup($code: String!) {\n    userGroup(code: $code) {\n      ...UserGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MenuCatalogue {\n    menuCatalogue {\n      code\n      key\n      section\n      nameTh\n      nameEn\n      external\n      statusCode\n    }\n  }\n"): (typeof documents)["\n  query MenuCatalogue {\n    menuCatalogue {\n      code\n      key\n      section\n      nameTh\n      nameEn\n      external\n      statusCode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveUserGroup($input: SaveUserGroupInput!) {\n    saveUserGroup(input: $input) {\n      ...UserGroupFields\n    }\n  }\n"): (typeof documents)["\n  mutation SaveUserGroup($input: SaveUserGroupInput!) {\n    saveUserGroup(input: $input) {\n      ...UserGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteUserGroup($code: String!) {\n    deleteUserGroup(code: $code) {\n      ...UserGroupFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteUserGroup($code: String!) {\n    deleteUserGroup(code: $code) {\n      ...UserGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserRowFields on User {\n    id\n    kind\n    username\n    email\n    titleTh\n    firstNameTh\n    lastNameTh\n    citizenId\n    phone\n    position\n    userGroupCode\n    userGroupName\n    userStatusCode\n    requestStatusCode\n    rejectReason\n    createdAt\n    lastLoginAt\n    organisationUnit {\n      id\n      code\n      nameTh\n      nameEn\n    }\n    allowedActions\n    pendingTransfer {\n      id\n      statusCode\n      requestedAt\n      reason\n      allowedActions\n    }\n  }\n"): (typeof documents)["\n  fragment UserRowFields on User {\n    id\n    kind\n    username\n    email\n    titleTh\n    firstNameTh\n    lastNameTh\n    citizenId\n    phone\n    position\n    userGroupCode\n    userGroupName\n    userStatusCode\n    requestStatusCode\n    rejectReason\n    createdAt\n    lastLoginAt\n    organisationUnit {\n      id\n      code\n      nameTh\n      nameEn\n    }\n    allowedActions\n    pendingTransfer {\n      id\n      statusCode\n      requestedAt\n      reason\n      allowedActions\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RequestHistoryFields on DocumentHistoryEntry {\n    action\n    fromStatus\n    toStatus\n    reason\n    actorName\n    at\n  }\n"): (typeof documents)["\n  fragment RequestHistoryFields on DocumentHistoryEntry {\n    action\n    fromStatus\n    toStatus\n    reason\n    actorName\n    at\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserRequestWorkflows {\n    userRequestWorkflows {\n      name\n      statuses {\n        code\n        labelTh\n        labelEn\n      }\n      transitions {\n        action\n        labelTh\n        labelEn\n        from\n        to\n        menuCodes\n        reason\n      }\n    }\n  }\n"): (typeof documents)["\n  query UserRequestWorkflows {\n    userRequestWorkflows {\n      name\n      statuses {\n        code\n        labelTh\n        labelEn\n      }\n      transitions {\n        action\n        labelTh\n        labelEn\n        from\n        to\n        menuCodes\n        reason\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserRequestHistory($id: ID!) {\n    user(id: $id) {\n      id\n      history {\n        ...RequestHistoryFields\n      }\n      pendingTransfer {\n        id\n        history {\n          ...RequestHistoryFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query UserRequestHistory($id: ID!) {\n    user(id: $id) {\n      id\n      history {\n        ...RequestHistoryFields\n      }\n      pendingTransfer {\n        id\n        history {\n          ...RequestHistoryFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TransferRequestFields on TransferRequest {\n    id\n    statusCode\n    requestedAt\n    reason\n    allowedActions\n    toUnit {\n      id\n      code\n      nameTh\n      nameEn\n    }\n    history {\n      ...RequestHistoryFields\n    }\n  }\n"): (typeof documents)["\n  fragment TransferRequestFields on TransferRequest {\n    id\n    statusCode\n    requestedAt\n    reason\n    allowedActions\n    toUnit {\n      id\n      code\n      nameTh\n      nameEn\n    }\n    history {\n      ...RequestHistoryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyTransferRequests {\n    myTransferRequests {\n      ...TransferRequestFields\n    }\n  }\n"): (typeof documents)["\n  query MyTransferRequests {\n    myTransferRequests {\n      ...TransferRequestFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelTransferRequest($requestId: ID!, $reason: String) {\n    cancelTransferRequest(requestId: $requestId, reason: $reason) {\n      ...TransferRequestFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelTransferRequest($requestId: ID!, $reason: String) {\n    cancelTransferRequest(requestId: $requestId, reason: $reason) {\n      ...TransferRequestFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Users($filter: UserSearchFilter!) {\n    users(filter: $filter) {\n      total\n      currentPage\n      rows\n      items {\n        ...UserRowFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Users($filter: UserSearchFilter!) {\n    users(filter: $filter) {\n      total\n      currentPage\n      rows\n      items {\n        ...UserRowFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveUser($input: ApproveUserInput!) {\n    approveUser(input: $input) {\n      ...UserRowFields\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveUser($input: ApproveUserInput!) {\n    approveUser(input: $input) {\n      ...UserRowFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestActivationMail($userId: ID!) {\n    requestActivationMail(userId: $userId)\n  }\n"): (typeof documents)["\n  mutation RequestActivationMail($userId: ID!) {\n    requestActivationMail(userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminEditUser($input: AdminEditUserInput!) {\n    adminEditUser(input: $input) {\n      ...UserRowFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminEditUser($input: AdminEditUserInput!) {\n    adminEditUser(input: $input) {\n      ...UserRowFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeUserStatus($userId: ID!, $userStatusCode: String!) {\n    changeUserStatus(userId: $userId, userStatusCode: $userStatusCode) {\n      ...UserRowFields\n    }\n  }\n"): (typeof documents)["\n  mutation ChangeUserStatus($userId: ID!, $userStatusCode: String!) {\n    changeUserStatus(userId: $userId, userStatusCode: $userStatusCode) {\n      ...UserRowFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveTransfer($requestId: ID!, $approve: Boolean!, $reason: String) {\n    approveTransfer(requestId: $requestId, approve: $approve, reason: $reason) {\n      ...UserRowFields\n    }\n  }\n"): (typeof documents)["\n  mutation ApproveTransfer($requestId: ID!, $approve: Boolean!, $reason: String) {\n    approveTransfer(requestId: $requestId, approve: $approve, reason: $reason) {\n      ...UserRowFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EditOwnProfile($input: EditOwnProfileInput!) {\n    editOwnProfile(input: $input) {\n      ...LoggedInUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation EditOwnProfile($input: EditOwnProfileInput!) {\n    editOwnProfile(input: $input) {\n      ...LoggedInUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestTransfer($toUnitCode: String!, $reason: String) {\n    requestTransfer(toUnitCode: $toUnitCode, reason: $reason) {\n      ...TransferRequestFields\n    }\n  }\n"): (typeof documents)["\n  mutation RequestTransfer($toUnitCode: String!, $reason: String) {\n    requestTransfer(toUnitCode: $toUnitCode, reason: $reason) {\n      ...TransferRequestFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GroupOptions {\n    userGroups(currentPage: 1, rows: 200, statusCode: \"A\") {\n      items {\n        code\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query GroupOptions {\n    userGroups(currentPage: 1, rows: 200, statusCode: \"A\") {\n      items {\n        code\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LoggedInUserFields on LoggedInUser {\n    userId\n    kind\n    username\n    titleTh\n    firstNameTh\n    lastNameTh\n    officeTypeCode\n    userGroup\n    userGroupCode\n    ministry\n    ministryCode\n    department\n    departmentCode\n    bureau\n    bureauCode\n    division\n    divisionCode\n    organisationName\n    menus {\n      code\n      key\n      action\n      section\n      nameTh\n      nameEn\n      route\n      external\n      statusCode\n    }\n  }\n"): (typeof documents)["\n  fragment LoggedInUserFields on LoggedInUser {\n    userId\n    kind\n    username\n    titleTh\n    firstNameTh\n    lastNameTh\n    officeTypeCode\n    userGroup\n    userGroupCode\n    ministry\n    ministryCode\n    department\n    departmentCode\n    bureau\n    bureauCode\n    division\n    divisionCode\n    organisationName\n    menus {\n      code\n      key\n      action\n      section\n      nameTh\n      nameEn\n      route\n      external\n      statusCode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DonorLogin($username: String!, $password: String!) {\n    donorLogin(username: $username, password: $password) {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DonorLogin($username: String!, $password: String!) {\n    donorLogin(username: $username, password: $password) {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefreshToken {\n    refreshToken {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RefreshToken {\n    refreshToken {\n      token\n      expiresAt\n      user {\n        ...LoggedInUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionCheck {\n    sessionCheck {\n      xlock\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  query SessionCheck {\n    sessionCheck {\n      xlock\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CheckMenuAccess($menuCode: String!) {\n    checkMenuAccess(menuCode: $menuCode)\n  }\n"): (typeof documents)["\n  query CheckMenuAccess($menuCode: String!) {\n    checkMenuAccess(menuCode: $menuCode)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExternalSiteToken($menuCode: String!) {\n    externalSiteToken(menuCode: $menuCode)\n  }\n"): (typeof documents)["\n  mutation ExternalSiteToken($menuCode: String!) {\n    externalSiteToken(menuCode: $menuCode)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AddressProvinces {\n    provinces {\n      id\n      nameTh\n      nameEn\n    }\n  }\n"): (typeof documents)["\n  query AddressProvinces {\n    provinces {\n      id\n      nameTh\n      nameEn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AddressDistricts($provinceId: Int!) {\n    districts(provinceId: $provinceId) {\n      id\n      nameTh\n      nameEn\n    }\n  }\n"): (typeof documents)["\n  query AddressDistricts($provinceId: Int!) {\n    districts(provinceId: $provinceId) {\n      id\n      nameTh\n      nameEn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AddressSubDistricts($districtId: Int!) {\n    subDistricts(districtId: $districtId) {\n      id\n      nameTh\n      nameEn\n      postcode\n    }\n  }\n"): (typeof documents)["\n  query AddressSubDistricts($districtId: Int!) {\n    subDistricts(districtId: $districtId) {\n      id\n      nameTh\n      nameEn\n      postcode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganisationTree {\n    organisationTree {\n      id\n      code\n      nameTh\n      nameEn\n      officeType\n      children {\n        id\n        code\n        nameTh\n        nameEn\n        officeType\n        children {\n          id\n          code\n          nameTh\n          nameEn\n          officeType\n          children {\n            id\n            code\n            nameTh\n            nameEn\n            officeType\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrganisationTree {\n    organisationTree {\n      id\n      code\n      nameTh\n      nameEn\n      officeType\n      children {\n        id\n        code\n        nameTh\n        nameEn\n        officeType\n        children {\n          id\n          code\n          nameTh\n          nameEn\n          officeType\n          children {\n            id\n            code\n            nameTh\n            nameEn\n            officeType\n          }\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;