/** An e-mail address as the forms accept it: something@domain.tld, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (text: string): boolean => emailPattern.test(text);
