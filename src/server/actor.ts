/*
 * Who acts: the signed-in team member a service records in its audit rows (the admin
 * actions hand it over as the last argument of a verb). A type-only leaf every feature
 * may import.
 */
export interface Actor {
  id: string;
  email: string;
}
