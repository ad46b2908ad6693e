/** The avatar shows the first two letters of the email in upper case, or U when there is no email. */
export const initialsOf = (email: string | null | undefined): string =>
  email ? email.slice(0, 2).toUpperCase() : 'U';
