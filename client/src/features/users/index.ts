// The front door of this feature: what other features and the routes may use (issue 23).
export { UserRequestWorkflowsQuery, UsersQuery } from './users.operations';
export { USERS_SCREENS } from './users.screens';
