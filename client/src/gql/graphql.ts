/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type DonationPointsByRegionQueryVariables = Exact<{ [key: string]: never; }>;


export type DonationPointsByRegionQuery = { donationPointsByRegion: Array<{ count: number, region: { id: number, nameTh: string, nameEn: string } }> };

export type HomeOrganisationQueryVariables = Exact<{ [key: string]: never; }>;


export type HomeOrganisationQuery = { organisationTree: Array<{ id: string, code: string, nameTh: string, nameEn: string, children: Array<{ id: string, code: string, nameTh: string, nameEn: string }> }> };


export const DonationPointsByRegionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DonationPointsByRegion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"donationPointsByRegion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"region"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nameTh"}},{"kind":"Field","name":{"kind":"Name","value":"nameEn"}}]}}]}}]}}]} as unknown as DocumentNode<DonationPointsByRegionQuery, DonationPointsByRegionQueryVariables>;
export const HomeOrganisationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeOrganisation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organisationTree"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"nameTh"}},{"kind":"Field","name":{"kind":"Name","value":"nameEn"}},{"kind":"Field","name":{"kind":"Name","value":"children"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"nameTh"}},{"kind":"Field","name":{"kind":"Name","value":"nameEn"}}]}}]}}]}}]} as unknown as DocumentNode<HomeOrganisationQuery, HomeOrganisationQueryVariables>;